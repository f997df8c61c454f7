// The project gallery's dialog: a card's link opens its project in a dialog
// (title, client and industry, description, every picture with its caption)
// whose content is fetched from /projects/{id}/dialog as it opens, so the page
// carries only what the grid shows. Without JavaScript (or if the fetch fails)
// the link opens the project's page; so does it in a frame whose embedding
// page did not say where the visitor is looking (/embed.js answers that, and
// the embed frame script places the dialog there), where a dialog could open
// out of sight.
(function () {
  "use strict";
  var dialog = document.getElementById("project-dialog");
  var body = document.getElementById("project-dialog-body");
  var loading = document.getElementById("project-dialog-loading");
  if (!dialog || !body || typeof dialog.showModal !== "function" || !window.fetch) return;
  var opener = null;
  var current = 0;

  function fill(html) {
    var template = document.createElement("template");
    template.innerHTML = html;
    body.replaceChildren(template.content);
    body.scrollTop = 0;
  }

  document.addEventListener("click", function (event) {
    var link = event.target instanceof Element ? event.target.closest("a[data-project-dialog]") : null;
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    var id = link.getAttribute("data-project-dialog");
    if (!/^[0-9a-f-]{36}$/.test(id || "")) return;
    if (window.parent !== window && !document.documentElement.hasAttribute("data-embed-viewport")) return;
    event.preventDefault();
    opener = link;
    var request = ++current;
    body.replaceChildren();
    if (loading) loading.hidden = false;
    dialog.showModal();
    fetch("/projects/" + id + "/dialog", { credentials: "omit" })
      .then(function (response) {
        if (!response.ok) throw new Error(String(response.status));
        return response.text();
      })
      .then(function (html) {
        if (request !== current || !dialog.open) return;
        if (loading) loading.hidden = true;
        fill(html);
      })
      .catch(function () {
        // The project's own page shows the same.
        if (request === current) window.location.href = link.href;
      });
  });

  dialog.addEventListener("click", function (event) {
    var target = event.target instanceof Element ? event.target : null;
    if (target === dialog || (target && target.closest("[data-close-dialog]"))) dialog.close();
  });

  dialog.addEventListener("close", function () {
    current++;
    body.replaceChildren();
    if (loading) loading.hidden = true;
    if (opener) opener.focus();
  });
})();
