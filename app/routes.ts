// The URL map: mirrors the spec's route table.
import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  route("auth", "routes/auth/auth.tsx"),
  route("auth/sign-out", "routes/auth/sign-out.tsx"),
  route("auth/verify-email", "routes/auth/verify-email.tsx"),
  route("auth/forgot-password", "routes/auth/forgot-password.tsx"),
  route("auth/reset-password", "routes/auth/reset-password.tsx"),
  route("auth/invitation", "routes/auth/invitation.tsx"),
  route("auth/two-factor", "routes/auth/two-factor.tsx"),
  route("auth/two-factor/setup", "routes/auth/two-factor-setup.tsx"),
  route("pending", "routes/auth/pending.tsx"),

  // The client portal: sign-in with an emailed code, then a client's own projects, contracts and proposals.
  route("portal", "routes/portal/home.tsx"),
  route("portal/projects/:id", "routes/portal/project.tsx"),
  route("portal/contracts/:id", "routes/portal/contract.tsx"),
  route("portal/contracts/:id/document", "routes/portal/contract-document.ts"),
  route("portal/proposals", "routes/portal/proposals/list.tsx"),
  route("portal/proposals/:id", "routes/portal/proposals/proposal.tsx"),
  route("portal/proposals/:id/document", "routes/portal/proposals/document.ts"),

  index("routes/public/home.tsx"),
  route("embed.js", "routes/resources/embed-js.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("oembed", "routes/resources/oembed.ts"),
  route("project-book.pdf", "routes/resources/project-book.ts"),
  route("gallery", "routes/public/galleries.tsx"),
  route("gallery/:slug", "routes/public/gallery.tsx"),
  // The inquiry form of a gallery and of a project: one module, two addresses.
  route("gallery/:slug/inquiry", "routes/public/inquiry/page.tsx", { id: "gallery-inquiry" }),
  route("projects", "routes/public/project-gallery.tsx"),
  route("projects/:id/preview", "routes/public/project-preview.tsx"),
  route("projects/:id/dialog", "routes/resources/project-dialog.tsx"),
  route("projects/:id/inquiry", "routes/public/inquiry/page.tsx", { id: "project-inquiry" }),
  route("webview/:slug", "routes/public/webview.tsx"),
  route("share/:token", "routes/public/share/page.tsx"),
  route(":slug", "routes/public/project.tsx"),

  route("api/uploads", "routes/resources/uploads.ts"),
  route("api/contract-documents", "routes/resources/contract-documents.ts"),

  route("admin", "routes/admin/layout.tsx", [
    // The signed PDF of a contract: a download, staff only (the layout's middleware).
    route("contracts/:id/document", "routes/resources/contract-document.ts"),
    // A proposal version's PDF (?version=<n>, else the latest): a download, staff only.
    route("proposals/:id/pdf", "routes/resources/proposal-pdf.ts"),
    // The Share link dialog's data and writes (project and gallery admin pages).
    route("share-links", "routes/admin/share-links.ts"),
    // The History panels' and the activity list's buttons (revert, restore, undo an import).
    route("history", "routes/admin/history.ts"),
    // Live updates: the stream of changes, and who is editing what.
    route("events", "routes/admin/events.ts"),
    route("presence", "routes/admin/presence.ts"),
    route("notifications", "routes/admin/notifications.ts"),
    // A screen's new and edit addresses share one module (editor.tsx) under two ids.
    layout("routes/admin/error-boundary.tsx", [
      index("routes/admin/dashboard.tsx"),
      route("clients", "routes/admin/clients/list.tsx"),
      route("clients/export", "routes/admin/clients/export.ts"),
      route("clients/new", "routes/admin/clients/editor.tsx", { id: "routes/admin/clients/new" }),
      route("clients/:id/edit", "routes/admin/clients/editor.tsx", { id: "routes/admin/clients/edit" }),
      route("contacts", "routes/admin/contacts/list.tsx"),
      route("contacts/export", "routes/admin/contacts/export.ts"),
      route("contacts/new", "routes/admin/contacts/editor.tsx", { id: "routes/admin/contacts/new" }),
      route("contacts/:id/edit", "routes/admin/contacts/editor.tsx", { id: "routes/admin/contacts/edit" }),
      route("projects", "routes/admin/projects/list.tsx"),
      route("projects/export", "routes/admin/projects/export.ts"),
      route("projects/new", "routes/admin/projects/editor.tsx", { id: "routes/admin/projects/new" }),
      route("projects/:id/edit", "routes/admin/projects/editor.tsx", { id: "routes/admin/projects/edit" }),
      route("projects/:id/media", "routes/admin/projects/media.tsx"),
      route("options", "routes/admin/options.tsx"),
      route("gallery", "routes/admin/gallery/list.tsx"),
      route("gallery/:slug", "routes/admin/gallery/detail.tsx"),
      route("contracts", "routes/admin/contracts/list.tsx"),
      route("contracts/export", "routes/admin/contracts/export.ts"),
      route("contracts/new", "routes/admin/contracts/editor.tsx", { id: "routes/admin/contracts/new" }),
      route("contracts/:id/edit", "routes/admin/contracts/editor.tsx", { id: "routes/admin/contracts/edit" }),
      route("proposals", "routes/admin/proposals/list.tsx"),
      route("proposals/export", "routes/admin/proposals/export.ts"),
      route("proposals/lines/export", "routes/admin/proposals/lines-export.ts"),
      route("proposals/new", "routes/admin/proposals/new.tsx"),
      route("proposals/:id/edit", "routes/admin/proposals/edit.tsx"),
      route("proposals/:id", "routes/admin/proposals/detail.tsx"),
      route("proposals/:id/compare", "routes/admin/proposals/compare.tsx"),
      route("proposals/templates", "routes/admin/proposals/templates.tsx"),
      route("proposals/templates/:id", "routes/admin/proposals/template.tsx"),
      route("inquiries", "routes/admin/inquiries/list.tsx"),
      route("inquiries/export", "routes/admin/inquiries/export.ts"),
      route("inquiries/:id", "routes/admin/inquiries/detail.tsx"),
      // Page views and where inquiries come from (issue 31), and each of its tables as CSV.
      route("insights", "routes/admin/insights/page.tsx"),
      route("insights/export", "routes/admin/insights/export.ts"),
      route("settings", "routes/admin/settings/layout.tsx", [
        index("routes/admin/settings/index.tsx"),
        route("industry-types", "routes/admin/settings/industry-types.tsx"),
        route("company", "routes/admin/settings/company.tsx"),
        route("team", "routes/admin/settings/team.tsx"),
        route("deleted", "routes/admin/settings/deleted.tsx"),
      ]),
      route("account", "routes/admin/account.tsx"),
      route("activity", "routes/admin/activity.tsx"),
      route("import", "routes/admin/import/upload.tsx"),
      route("export-everything", "routes/admin/export-everything.ts"),
      route("import/:id", "routes/admin/import/mapping.tsx"),
      route("import/:id/preview", "routes/admin/import/preview.tsx"),
      route("*", "routes/admin/not-found.tsx"),
    ]),
  ]),

  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
