// The script of every embeddable page (inlined; the page is not hydrated).
// It tells the parent window the page's height, places any dialog of the page
// where the visitor is looking when the page sits in a tall iframe, runs the
// render-versus-reality slider and the lightbox of pictures and videos, and
// plays videos on request.
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
      // Other scripts of the page (the project gallery's dialog) read this to know a dialog can be placed.
      document.documentElement.setAttribute("data-embed-viewport", "");
      // The visitor scrolled the embedding page: an open dialog follows the view.
      Array.prototype.forEach.call(document.querySelectorAll("dialog[open]"), place);
    }
  });
  if (framed) window.parent.postMessage({ type: "playfolio:viewport-request" }, "*");

  // ---- The embedding site, for the inquiry form (decision 0066) -------------
  // The cached page cannot name the site framing it; the browser can: the
  // parent's address (its origin, by the default referrer policy). Inquiry
  // links carry it; the server keeps its origin only, to count inquiries per site.
  if (framed && document.referrer) {
    try {
      var site = new URL(document.referrer);
      if (/^https?:$/.test(site.protocol) && site.origin !== location.origin) {
        Array.prototype.forEach.call(document.querySelectorAll("a[data-inquiry]"), function (link) {
          var url = new URL(link.href);
          url.searchParams.set("site", site.origin);
          link.href = url.href;
        });
      }
    } catch {
      // No usable address: the inquiry is simply counted without a site.
    }
  }

  // ---- Videos ---------------------------------------------------------------
  var VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
  function player(id, title) {
    var frame = document.createElement("iframe");
    frame.src = "https://www.youtube-nocookie.com/embed/" + id + "?autoplay=1";
    frame.title = title || "Video";
    frame.allow = "accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture";
    frame.allowFullscreen = true;
    frame.referrerPolicy = "strict-origin-when-cross-origin";
    frame.className = "aspect-video w-full rounded-lg border-0";
    return frame;
  }

  // ---- Render versus reality: a slider over two pictures ------------------
  Array.prototype.forEach.call(document.querySelectorAll("[data-compare]"), function (box) {
    var handle = box.querySelector("[data-compare-handle]");
    if (!handle) return;
    var value = 50;
    var pointer = null;
    function set(next) {
      value = Math.max(0, Math.min(100, Math.round(next)));
      box.style.setProperty("--compare", value + "%");
      handle.setAttribute("aria-valuenow", String(value));
      handle.setAttribute("aria-valuetext", value + "% render, " + (100 - value) + "% photo");
    }
    function follow(event) {
      var rect = box.getBoundingClientRect();
      if (rect.width) set(((event.clientX - rect.left) / rect.width) * 100);
    }
    // Mouse, pen and touch alike; the box lets vertical swipes scroll the page (touch-action: pan-y).
    box.addEventListener("pointerdown", function (event) {
      if (event.button !== 0) return;
      pointer = event.pointerId;
      try {
        box.setPointerCapture(pointer); // keep following outside the box
      } catch {
        // A pointer the browser no longer tracks: follow it while it is over the box.
      }
      follow(event);
      handle.focus({ preventScroll: true });
      event.preventDefault();
    });
    box.addEventListener("pointermove", function (event) {
      if (event.pointerId === pointer) follow(event);
    });
    function release(event) {
      if (event.pointerId === pointer) pointer = null;
    }
    box.addEventListener("pointerup", release);
    box.addEventListener("pointercancel", release);
    var STEPS = { ArrowLeft: -5, ArrowDown: -5, ArrowRight: 5, ArrowUp: 5, PageDown: -25, PageUp: 25 };
    handle.addEventListener("keydown", function (event) {
      if (event.key === "Home") set(0);
      else if (event.key === "End") set(100);
      else if (STEPS[event.key]) set(value + STEPS[event.key]);
      else return;
      event.preventDefault();
    });
  });

  // ---- The lightbox: each image section, and the videos -------------------
  var dialog = document.getElementById("lightbox");
  var lightbox = dialog && typeof dialog.showModal === "function";
  var img = document.getElementById("lightbox-img");
  var play = document.getElementById("lightbox-play");
  var still = document.getElementById("lightbox-still");
  var playLabel = document.getElementById("lightbox-play-label");
  var stage = document.getElementById("lightbox-stage");
  var text = document.getElementById("lightbox-text");
  var position = document.getElementById("lightbox-position");
  var steps = dialog ? dialog.querySelectorAll('[data-lightbox="prev"], [data-lightbox="next"]') : [];
  var items = [];
  var current = 0;
  var opener = null;

  function stopVideo() {
    var playing = stage && stage.querySelector("iframe");
    if (playing) playing.remove();
  }

  function startVideo() {
    var link = items[current];
    stopVideo();
    play.hidden = true;
    var frame = player(link.getAttribute("data-youtube-id"), link.getAttribute("data-youtube-title"));
    stage.appendChild(frame);
    frame.focus();
  }

  function show(index, autoplay) {
    current = (index + items.length) % items.length;
    var link = items[current];
    var thumb = link.querySelector("img");
    var video = link.getAttribute("data-youtube-id");
    stopVideo();
    img.hidden = !!video;
    play.hidden = !video;
    if (video) {
      img.removeAttribute("src");
      still.src = thumb ? thumb.src : "";
      playLabel.textContent = "Play video: " + link.getAttribute("data-youtube-title");
      text.textContent = link.getAttribute("data-youtube-title");
    } else {
      img.src = link.getAttribute("href");
      img.alt = thumb ? thumb.alt : "";
      text.textContent = link.getAttribute("data-preview-caption") || (thumb ? thumb.alt : "");
    }
    // A group of one has nowhere to go: no Previous, Next or "(1 of 1)".
    var single = items.length < 2;
    Array.prototype.forEach.call(steps, function (button) {
      button.hidden = single;
    });
    position.textContent = single ? "" : "(" + (current + 1) + " of " + items.length + ")";
    if (video && autoplay) startVideo();
    else if (video) play.focus();
  }

  /** The next (1) or previous (-1) of the group; a group of one stays as it is (its video keeps playing). */
  function move(step) {
    if (items.length > 1) show(current + step);
  }

  function place(target) {
    if (framed && viewport) {
      // A modal dialog is centred on the frame, which may be far taller than
      // the screen: put it inside the part the visitor can see instead. Its
      // content may size itself by --embed-room.
      var room = Math.max(240, viewport.height - 32);
      target.style.position = "absolute";
      target.style.top = viewport.top + 16 + "px";
      target.style.marginTop = "0";
      target.style.maxHeight = room + "px";
      target.style.setProperty("--embed-room", room + "px");
      if (target === dialog) {
        img.style.maxHeight = Math.max(160, room - 110) + "px";
        play.style.maxHeight = Math.max(160, room - 110) + "px";
      }
    }
  }

  // Any dialog of the page, whoever opens it, is placed as it opens (before it is painted).
  if (framed && "MutationObserver" in window) {
    Array.prototype.forEach.call(document.querySelectorAll("dialog"), function (each) {
      new MutationObserver(function () {
        if (each.open) place(each);
      }).observe(each, { attributes: true, attributeFilter: ["open"] });
    });
  }

  document.addEventListener("click", function (event) {
    var link = event.target instanceof Element ? event.target.closest("a[data-preview-group]") : null;
    var video = event.target instanceof Element ? event.target.closest("a[data-youtube-id]") : null;
    if (!link && !video) return;
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    // Framed without word from the embedding page, a dialog could open out of
    // sight: a picture opens in a new tab, a video plays where it is.
    if (!link || !lightbox || (framed && !viewport)) {
      if (!video || !VIDEO_ID.test(video.getAttribute("data-youtube-id") || "")) return;
      event.preventDefault();
      var frame = player(video.getAttribute("data-youtube-id"), video.getAttribute("data-youtube-title"));
      video.replaceWith(frame);
      frame.focus();
      return;
    }
    if (video && !VIDEO_ID.test(video.getAttribute("data-youtube-id") || "")) return;
    event.preventDefault();
    opener = link;
    var group = link.getAttribute("data-preview-group");
    items = Array.prototype.filter.call(document.querySelectorAll("a[data-preview-group]"), function (each) {
      return each.getAttribute("data-preview-group") === group;
    });
    place(dialog);
    dialog.showModal();
    // Asked to play: the player starts at once; arrows bring the others' stills.
    show(items.indexOf(link), !!video);
  });

  if (!lightbox) return;
  play.addEventListener("click", startVideo);

  dialog.addEventListener("click", function (event) {
    var action = event.target instanceof Element ? event.target.closest("[data-lightbox]") : null;
    if (action) {
      var name = action.getAttribute("data-lightbox");
      if (name === "next") move(1);
      else if (name === "prev") move(-1);
      else dialog.close();
    } else if (event.target === dialog) {
      dialog.close(); // a click on the backdrop
    }
  });

  dialog.addEventListener("keydown", function (event) {
    if (event.key === "ArrowRight") {
      event.preventDefault();
      move(1);
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      move(-1);
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
    if (Math.abs(dx) > 50) move(dx < 0 ? 1 : -1);
  });

  dialog.addEventListener("close", function () {
    stopVideo();
    if (opener) opener.focus();
  });
})();
