// The only script of an embeddable page (inlined; the page is not hydrated).
// It tells the parent window the page's height, plays videos on request, and
// runs the image preview — placed where the visitor is looking when the page
// sits in a tall iframe.
(function () {
  "use strict";
  var framed = window.parent !== window;
  var root = document.querySelector("[data-embed-root]") || document.body;
  /** The part of this page the visitor sees, as the embedding page reports it. */
  var viewport = null;

  // ---- Height -------------------------------------------------------------
  function postHeight() {
    if (!framed) return;
    var height = Math.ceil(root.getBoundingClientRect().bottom + window.scrollY);
    window.parent.postMessage({ type: "resize", height: height }, "*");
  }
  if (framed) {
    window.addEventListener("load", postHeight);
    if ("ResizeObserver" in window) new ResizeObserver(postHeight).observe(root);
    setInterval(postHeight, 500);
    postHeight();
  }

  // ---- Where the visitor is looking (answered by the app's /embed.js) -----
  window.addEventListener("message", function (event) {
    if (event.source !== window.parent) return;
    var data = event.data;
    if (data && data.type === "playfolio:viewport" && typeof data.top === "number" && typeof data.height === "number") {
      viewport = { top: Math.max(0, data.top), height: Math.max(0, data.height) };
    }
  });
  if (framed) window.parent.postMessage({ type: "playfolio:viewport-request" }, "*");

  // ---- Videos: a thumbnail link becomes the player ------------------------
  document.addEventListener("click", function (event) {
    var link = event.target instanceof Element ? event.target.closest("a[data-youtube-id]") : null;
    if (!link) return;
    var id = link.getAttribute("data-youtube-id");
    if (!/^[A-Za-z0-9_-]{11}$/.test(id || "")) return;
    event.preventDefault();
    var frame = document.createElement("iframe");
    frame.src = "https://www.youtube-nocookie.com/embed/" + id + "?autoplay=1";
    frame.title = link.getAttribute("data-youtube-title") || "Video";
    frame.allow = "accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture";
    frame.allowFullscreen = true;
    frame.referrerPolicy = "strict-origin-when-cross-origin";
    frame.className = "aspect-video w-full rounded-lg border-0";
    link.replaceWith(frame);
    frame.focus();
  });

  // ---- Image preview ------------------------------------------------------
  var dialog = document.getElementById("image-preview");
  var links = Array.prototype.slice.call(document.querySelectorAll("a[data-preview-index]"));
  if (!dialog || !links.length || typeof dialog.showModal !== "function") return;
  var img = document.getElementById("image-preview-img");
  var text = document.getElementById("image-preview-text");
  var position = document.getElementById("image-preview-position");
  var current = 0;
  var opener = null;

  function show(index) {
    current = (index + links.length) % links.length;
    var link = links[current];
    var thumb = link.querySelector("img");
    img.src = link.getAttribute("href");
    img.alt = thumb ? thumb.alt : "";
    text.textContent = link.getAttribute("data-preview-caption") || (thumb ? thumb.alt : "");
    position.textContent = "(" + (current + 1) + " of " + links.length + ")";
  }

  function place() {
    if (framed && viewport) {
      // A modal dialog is centred on the frame, which may be far taller than
      // the screen: put it inside the part the visitor can see instead.
      var room = Math.max(240, viewport.height - 32);
      dialog.style.position = "absolute";
      dialog.style.top = viewport.top + 16 + "px";
      dialog.style.marginTop = "0";
      dialog.style.maxHeight = room + "px";
      img.style.maxHeight = Math.max(160, room - 110) + "px";
    }
  }

  document.addEventListener("click", function (event) {
    var link = event.target instanceof Element ? event.target.closest("a[data-preview-index]") : null;
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    // Framed without word from the embedding page: a dialog could open out of
    // sight, so the link opens the picture in a new tab instead.
    if (framed && !viewport) return;
    event.preventDefault();
    opener = link;
    show(links.indexOf(link));
    place();
    dialog.showModal();
  });

  dialog.addEventListener("click", function (event) {
    var action = event.target instanceof Element ? event.target.closest("[data-preview]") : null;
    if (action) {
      var name = action.getAttribute("data-preview");
      if (name === "next") show(current + 1);
      else if (name === "prev") show(current - 1);
      else dialog.close();
    } else if (event.target === dialog) {
      dialog.close(); // a click on the backdrop
    }
  });

  dialog.addEventListener("keydown", function (event) {
    if (event.key === "ArrowRight") {
      event.preventDefault();
      show(current + 1);
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      show(current - 1);
    }
  });

  var touchX = null;
  dialog.addEventListener(
    "touchstart",
    function (event) {
      touchX = event.touches.length === 1 ? event.touches[0].clientX : null;
    },
    { passive: true },
  );
  dialog.addEventListener("touchend", function (event) {
    if (touchX === null) return;
    var dx = event.changedTouches[0].clientX - touchX;
    touchX = null;
    if (Math.abs(dx) > 50) show(current + (dx < 0 ? 1 : -1));
  });

  dialog.addEventListener("close", function () {
    if (opener) opener.focus();
  });
})();
