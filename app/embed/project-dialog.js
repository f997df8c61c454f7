// The project gallery's dialog: a card's link opens its project in a dialog
// (title, client and industry, description, every picture with its caption)
// filled from the card's <template>; without JavaScript the link opens the
// project's page.
(function () {
  "use strict";
  var dialog = document.getElementById("project-dialog");
  var body = document.getElementById("project-dialog-body");
  if (!dialog || !body || typeof dialog.showModal !== "function") return;
  var opener = null;

  document.addEventListener("click", function (event) {
    var link = event.target instanceof Element ? event.target.closest("a[data-project-dialog]") : null;
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    var template = document.getElementById(link.getAttribute("data-project-dialog"));
    if (!template) return;
    event.preventDefault();
    opener = link;
    body.replaceChildren(template.content.cloneNode(true));
    dialog.showModal();
    body.scrollTop = 0;
  });

  dialog.addEventListener("click", function (event) {
    var target = event.target instanceof Element ? event.target : null;
    if (target === dialog || (target && target.closest("[data-close-dialog]"))) dialog.close();
  });

  dialog.addEventListener("close", function () {
    body.replaceChildren();
    if (opener) opener.focus();
  });
})();
