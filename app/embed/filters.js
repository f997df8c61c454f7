// The script of the public pages with filters (the library, its header on
// project pages, the project gallery). The filters are a plain GET form, so
// everything works without JavaScript; this script closes the Options popover
// like a menu, counts the ticked options, and where the form names a results
// block (data-live-results) updates it as the visitor types, without a reload,
// with the facet counts (every [data-live] element, by id) of the new results.
// Fields outside the form (the library's facets) join it by form="…".
(function () {
  "use strict";
  var form = document.querySelector("form[data-filters]");
  if (!form) return;
  var live = form.hasAttribute("data-live-results");
  var popover = form.querySelector("details[data-options-popover]");
  var badge = form.querySelector("[data-options-count]");
  var clear = form.querySelector("[data-clear-options]");

  function ticked() {
    return form.querySelectorAll('input[name="options"]:checked');
  }

  function updateBadge() {
    if (!badge) return;
    var count = ticked().length;
    badge.textContent = String(count);
    badge.hidden = count === 0;
  }

  if (popover) {
    document.addEventListener("click", function (event) {
      if (popover.open && !popover.contains(event.target)) popover.open = false;
    });
    popover.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && popover.open) {
        popover.open = false;
        popover.querySelector("summary").focus();
      }
    });
  }

  // ---- Live results on the library ----------------------------------------
  var results = live ? document.getElementById(form.getAttribute("data-live-results")) : null;
  var loading = document.getElementById(form.getAttribute("data-loading") || "");
  var timer = null;
  var controller = null;

  function currentUrl() {
    var params = new URLSearchParams();
    new FormData(form).forEach(function (value, name) {
      if (typeof value === "string" && value.trim() !== "") params.append(name, value.trim());
    });
    var search = params.toString();
    var path = new URL(form.action, location.href).pathname;
    return path + (search ? "?" + search : "");
  }

  function refresh() {
    if (!live || !results) return form.submit();
    var url = currentUrl();
    if (controller) controller.abort();
    controller = typeof AbortController === "function" ? new AbortController() : null;
    if (loading) loading.hidden = false;
    results.setAttribute("aria-busy", "true");
    fetch(url, { headers: { Accept: "text/html" }, signal: controller ? controller.signal : undefined })
      .then(function (response) {
        if (!response.ok) throw new Error("HTTP " + response.status);
        return response.text();
      })
      .then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        var fresh = doc.getElementById(results.id);
        if (fresh) results.innerHTML = fresh.innerHTML;
        Array.prototype.forEach.call(document.querySelectorAll("[data-live][id]"), function (element) {
          var next = doc.getElementById(element.id);
          if (!next) return;
          if (element.tagName === "INPUT") {
            element.disabled = next.disabled;
            if (element.parentElement && next.parentElement)
              element.parentElement.className = next.parentElement.className;
          } else {
            element.innerHTML = next.innerHTML;
            element.hidden = next.hidden;
            if (next.hasAttribute("href")) element.setAttribute("href", next.getAttribute("href"));
          }
        });
        history.replaceState(null, "", url);
        if (loading) loading.hidden = true;
        results.removeAttribute("aria-busy");
      })
      .catch(function (error) {
        if (error && error.name === "AbortError") return;
        window.location.href = url; // fall back to an ordinary page load
      });
  }

  if (clear) {
    clear.addEventListener("click", function (event) {
      event.preventDefault();
      Array.prototype.forEach.call(ticked(), function (box) {
        box.checked = false;
      });
      updateBadge();
      if (live) refresh();
    });
  }

  document.addEventListener("change", function (event) {
    if (!event.target || event.target.form !== form) return;
    var name = event.target.name;
    if (name === "options") updateBadge();
    if (live && name !== "q") refresh();
  });

  if (!live) return;
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    clearTimeout(timer);
    if (popover) popover.open = false;
    refresh();
  });
  var search = form.querySelector('input[name="q"]');
  if (search) {
    search.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(refresh, 300);
    });
  }
})();
