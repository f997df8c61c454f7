// Who may use each route of routes.ts, declared beside it. The access-matrix
// test (tests/e2e/access-matrix.spec.ts) requests every route as anonymous,
// pending, staff and admin and checks the server answers as declared here; a
// route missing from this table (or an entry no route uses) fails it.
//   public     anyone
//   signed-in  any signed-in account, pending included (the waiting page)
//   staff      staff and admins (pending accounts are sent to /pending)
//   admin      admins only (staff get a 403)
export type AccessLevel = "public" | "signed-in" | "staff" | "admin";

export const ROUTE_ACCESS: Record<string, AccessLevel> = {
  "routes/auth/auth.tsx": "public",
  "routes/auth/sign-out.tsx": "public",
  "routes/auth/verify-email.tsx": "public",
  "routes/auth/forgot-password.tsx": "public",
  "routes/auth/reset-password.tsx": "public",
  "routes/auth/invitation.tsx": "public",
  // The second step of signing in (no session yet: a signed cookie holds the first step).
  "routes/auth/two-factor.tsx": "public",
  "routes/auth/two-factor-setup.tsx": "staff",
  "routes/auth/pending.tsx": "signed-in",

  "routes/public/home.tsx": "public",
  "routes/resources/embed-js.ts": "public",
  "routes/resources/sitemap.ts": "public",
  "routes/resources/robots.ts": "public",
  "routes/resources/oembed.ts": "public",
  // Staff always; visitors only when an admin allowed it (a 404 for them otherwise).
  "routes/resources/project-book.ts": "public",
  "routes/public/galleries.tsx": "public",
  "routes/public/gallery.tsx": "public",
  "routes/public/project-gallery.tsx": "public",
  "routes/public/project-preview.tsx": "public",
  "routes/resources/project-dialog.tsx": "public",
  "routes/public/webview.tsx": "public",
  "routes/public/project.tsx": "public",
  "routes/public/not-found.tsx": "public",
  "routes/public/inquiry/page.tsx": "public",
  "routes/public/share/page.tsx": "public",

  "routes/resources/uploads.ts": "staff",
  "routes/resources/contract-documents.ts": "staff",

  "routes/admin/layout.tsx": "staff",
  "routes/resources/contract-document.ts": "staff",
  "routes/admin/share-links.ts": "staff",
  "routes/admin/error-boundary.tsx": "staff",
  "routes/admin/dashboard.tsx": "staff",
  "routes/admin/clients/list.tsx": "staff",
  "routes/admin/clients/new.tsx": "staff",
  "routes/admin/clients/edit.tsx": "staff",
  "routes/admin/contacts/list.tsx": "staff",
  "routes/admin/contacts/new.tsx": "staff",
  "routes/admin/contacts/edit.tsx": "staff",
  "routes/admin/projects/list.tsx": "staff",
  "routes/admin/projects/new.tsx": "staff",
  "routes/admin/projects/edit.tsx": "staff",
  "routes/admin/projects/media.tsx": "staff",
  "routes/admin/options.tsx": "staff",
  "routes/admin/gallery/list.tsx": "staff",
  "routes/admin/gallery/detail.tsx": "staff",
  "routes/admin/contracts/list.tsx": "staff",
  "routes/admin/contracts/new.tsx": "staff",
  "routes/admin/contracts/edit.tsx": "staff",
  "routes/admin/inquiries/list.tsx": "staff",
  "routes/admin/inquiries/detail.tsx": "staff",
  "routes/admin/settings/layout.tsx": "staff",
  "routes/admin/settings/index.tsx": "staff",
  "routes/admin/settings/industry-types.tsx": "staff",
  "routes/admin/settings/company.tsx": "admin",
  "routes/admin/settings/team.tsx": "admin",
  "routes/admin/account.tsx": "staff",
  "routes/admin/not-found.tsx": "staff",
};
