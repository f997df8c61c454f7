// /embed.js — loaded by the embed snippet on the company's own site. It sizes
// each Playfolio iframe to its content, from that frame's own messages only,
// and tells each frame which part of it the visitor can see (so an image
// preview opens in view). Several frames on one page are fine, and loading
// the script twice does no harm.
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || !script.src) return;
  var origin = new URL(script.src).origin;
  var registry = (window.__playfolioEmbeds = window.__playfolioEmbeds || {});
  if (registry[origin]) return;
  registry[origin] = true;

  function isOurs(frame) {
    try {
      return new URL(frame.src, location.href).origin === origin;
    } catch {
      return false;
    }
  }

  function frames() {
    return Array.prototype.filter.call(document.getElementsByTagName("iframe"), isOurs);
  }

  function frameOf(source) {
    var list = frames();
    for (var i = 0; i < list.length; i++) if (list[i].contentWindow === source) return list[i];
    return null;
  }

  // "Loading project..." over a frame until it first reports its height. Laid
  // over the frame's top (absolutely, in the frame's own containing block), so
  // showing and removing it moves nothing on the page.
  function showLoading(frame) {
    var text = frame.getAttribute("data-loading-text");
    if (!text || frame.__playfolioLoading !== undefined) return;
    var note = document.createElement("p");
    note.textContent = text;
    note.setAttribute("role", "status");
    note.style.cssText =
      "position:absolute;margin:0;padding:1rem;box-sizing:border-box;text-align:center;" +
      "font:14px system-ui,sans-serif;color:#555;pointer-events:none";
    note.style.top = frame.offsetTop + "px";
    note.style.left = frame.offsetLeft + "px";
    note.style.width = frame.offsetWidth + "px";
    frame.parentNode.insertBefore(note, frame);
    frame.__playfolioLoading = note;
  }

  function hideLoading(frame) {
    var note = frame.__playfolioLoading;
    if (note && note.parentNode) note.parentNode.removeChild(note);
    frame.__playfolioLoading = null;
  }

  function sendViewport(frame) {
    if (!frame.contentWindow) return;
    var rect = frame.getBoundingClientRect();
    var top = Math.max(0, -rect.top);
    var bottom = Math.min(rect.height, window.innerHeight - rect.top);
    frame.contentWindow.postMessage(
      { type: "playfolio:viewport", top: top, height: Math.max(0, bottom - top) },
      origin,
    );
  }

  window.addEventListener("message", function (event) {
    // Only messages from our app, and from a frame of ours on this page.
    if (event.origin !== origin) return;
    var frame = frameOf(event.source);
    var data = event.data;
    if (!frame || !data || typeof data !== "object") return;
    if (data.type === "resize") {
      var height = Number(data.height);
      if (!isFinite(height) || height <= 0) return;
      height = Math.min(Math.ceil(height), 100000);
      frame.style.height = height + "px";
      frame.setAttribute("height", String(height));
      frame.setAttribute("scrolling", "no");
      hideLoading(frame);
    } else if (data.type === "playfolio:viewport-request") {
      sendViewport(frame);
    }
  });

  var scheduled = false;
  function sendAll() {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(function () {
      scheduled = false;
      frames().forEach(sendViewport);
    });
  }
  window.addEventListener("scroll", sendAll, { passive: true });
  window.addEventListener("resize", sendAll);

  // The oEmbed snippet frames a page's compact card (its height fixed, for sites that strip this
  // script); with the script here to size the frame, it shows the whole page instead.
  function upgrade(frame) {
    var full = frame.getAttribute("data-full-src");
    if (!full) return;
    frame.removeAttribute("data-full-src");
    try {
      if (new URL(full, location.href).origin !== origin) return;
    } catch {
      return;
    }
    frame.src = full;
  }

  function start() {
    frames().forEach(function (frame) {
      upgrade(frame);
      showLoading(frame);
      frame.addEventListener("load", sendAll);
    });
    sendAll();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
