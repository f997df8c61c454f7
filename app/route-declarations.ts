// Each route of app/routes.ts, declared once, by route id (its file without
// the extension, or the id routes.ts gives it):
//   access  public (anyone), signed-in (any account, pending included: the
//           waiting page), staff (staff and admins; pending accounts are sent
//           to /pending; a client's portal account is sent to /portal), admin
//           (admins only; staff get a 403) or client (a client's portal account
//           only: signed out → /portal, staff get a 403). The route's
//           loader, action or layout middleware enforces it;
//           tests/e2e/access-matrix.spec.ts requests every route as every role
//           and checks the answers match.
//   cache   the render cache may keep its anonymous answers, keyed by the path
//           and these query parameters (others are dropped). Absent: never kept.
//   body    "upload": the multipart body streams to the route, which caps it;
//           absent: a form of at most 1 MB, checked before the route runs.
//   stream  a long-lived answer (server-sent events): outside admission
//           control's shares (its own limits bound it), its own metrics group.
//   params  the row each path parameter names: a table of app/tables (the
//           parameter is its id) or `table.column`. The server ignores it; the
//           access matrix requests the route with a real row's value (the
//           seed's, or one it makes), so an allowed role reaches data, not a 404.
//   nav     the page's entry in the admin sidebar (its title, address and
//           icon), in the order of this list; `end`: active only on this very
//           address, not on the pages below it.
// The server refuses to start with a route that has no declaration here.
import {
  Building2,
  ChartLine,
  Contact,
  FileSignature,
  FileText,
  FolderKanban,
  Images,
  Inbox,
  LayoutDashboard,
  Library,
  type LucideIcon,
  Puzzle,
  Settings,
} from "lucide-react";
import type { RoutePolicy } from "~/.server/http/route-policy";
import type * as tables from "~/tables";

type Table = keyof typeof tables;

export interface NavItem {
  title: string;
  to: string;
  icon: LucideIcon;
  end?: boolean;
}

/** public: anyone; signed-in: any account, pending included; staff: staff and admins; admin: admins only; client: a portal account. */
export type AccessLevel = "public" | "signed-in" | "client" | "staff" | "admin";

interface RouteDeclaration extends RoutePolicy {
  access: AccessLevel;
  params?: Readonly<Record<string, Table | `${Table}.${string}`>>;
  nav?: NavItem;
}

export const ROUTE_DECLARATIONS = {
  "routes/auth/auth": { access: "public" },
  "routes/auth/sign-out": { access: "public" },
  "routes/auth/verify-email": { access: "public" },
  "routes/auth/forgot-password": { access: "public" },
  "routes/auth/reset-password": { access: "public" },
  "routes/auth/invitation": { access: "public" },
  // The second step of signing in (no session yet: a signed cookie holds the first step).
  "routes/auth/two-factor": { access: "public" },
  "routes/auth/two-factor-setup": { access: "staff" },
  "routes/auth/pending": { access: "signed-in" },

  // The client portal. Signed out: the sign-in steps; a client: its portal; staff: a note pointing to the admin.
  "routes/portal/home": { access: "public" },
  "routes/portal/project": { access: "client", params: { id: "projects" } },
  "routes/portal/contract": { access: "client", params: { id: "contracts" } },
  "routes/portal/contract-document": { access: "client", params: { id: "contracts" } },
  "routes/portal/proposals/list": { access: "client" },
  "routes/portal/proposals/proposal": { access: "client", params: { id: "proposals" } },
  "routes/portal/proposals/document": { access: "client", params: { id: "proposals" } },

  "routes/public/home": {
    access: "public",
    nav: { title: "Project Library", to: "/", icon: Library, end: true },
    cache: ["q", "industry", "options", "age", "inclusive", "surfacing", "page"],
  },
  "routes/resources/embed-js": { access: "public", cache: [] },
  "routes/resources/sitemap": { access: "public", cache: [] },
  "routes/resources/robots": { access: "public", cache: [] },
  "routes/resources/oembed": { access: "public" },
  // Staff always; visitors only when an admin allowed it (a 404 for them otherwise).
  "routes/resources/project-book": { access: "public" },
  "routes/public/galleries": { access: "public", cache: [] },
  "routes/public/gallery": { access: "public", cache: ["view"], params: { slug: "galleries.slug" } },
  "routes/public/project-gallery": { access: "public", cache: ["q", "industry", "page"] },
  "routes/public/project-preview": { access: "public", cache: ["view"], params: { id: "projects" } },
  "routes/resources/project-dialog": { access: "public", cache: [], params: { id: "projects" } },
  "routes/public/webview": { access: "public", cache: ["view"], params: { slug: "projects.projectName" } },
  "routes/public/project": { access: "public", cache: [], params: { slug: "projects.projectName" } },
  "routes/public/not-found": { access: "public" },
  "gallery-inquiry": { access: "public", params: { slug: "galleries.slug" } },
  "project-inquiry": { access: "public", params: { id: "projects" } },
  "routes/public/share/page": { access: "public" },

  "routes/resources/uploads": { access: "staff", body: "upload" },
  "routes/resources/contract-documents": { access: "staff", body: "upload" },

  "routes/admin/layout": { access: "staff" },
  "routes/resources/contract-document": { access: "staff", params: { id: "contracts" } },
  "routes/resources/proposal-pdf": { access: "staff", params: { id: "proposals" } },
  "routes/admin/share-links": { access: "staff" },
  "routes/admin/events": { access: "staff", stream: true },
  "routes/admin/presence": { access: "staff" },
  "routes/admin/notifications": { access: "staff" },
  "routes/admin/error-boundary": { access: "staff" },
  "routes/admin/dashboard": {
    access: "staff",
    nav: { title: "Dashboard", to: "/admin", icon: LayoutDashboard, end: true },
  },
  "routes/admin/clients/list": { access: "staff", nav: { title: "Clients", to: "/admin/clients", icon: Building2 } },
  "routes/admin/clients/new": { access: "staff" },
  "routes/admin/clients/edit": { access: "staff", params: { id: "clients" } },
  "routes/admin/contacts/list": { access: "staff", nav: { title: "Contacts", to: "/admin/contacts", icon: Contact } },
  "routes/admin/contacts/new": { access: "staff" },
  "routes/admin/contacts/edit": { access: "staff", params: { id: "contacts" } },
  "routes/admin/projects/list": {
    access: "staff",
    nav: { title: "Projects", to: "/admin/projects", icon: FolderKanban },
  },
  "routes/admin/projects/new": { access: "staff" },
  "routes/admin/projects/edit": { access: "staff", params: { id: "projects" } },
  "routes/admin/projects/media": { access: "staff", params: { id: "projects" } },
  "routes/admin/options": { access: "staff", nav: { title: "Playground Options", to: "/admin/options", icon: Puzzle } },
  // CSV import: the upload streams (capped at 10 MB by the route), then the mapping and the preview.
  "routes/admin/import/upload": { access: "staff", body: "upload" },
  "routes/admin/import/mapping": { access: "staff" },
  "routes/admin/import/preview": { access: "staff" },
  // Every record as CSV plus the media, one zip.
  "routes/admin/export-everything": { access: "admin" },
  "routes/admin/gallery/list": { access: "staff", nav: { title: "Gallery", to: "/admin/gallery", icon: Images } },
  "routes/admin/gallery/detail": { access: "staff", params: { slug: "galleries.slug" } },
  "routes/admin/contracts/list": {
    access: "staff",
    nav: { title: "Contracts", to: "/admin/contracts", icon: FileSignature },
  },
  "routes/admin/contracts/new": { access: "staff" },
  "routes/admin/contracts/edit": { access: "staff", params: { id: "contracts" } },
  "routes/admin/proposals/list": {
    access: "staff",
    nav: { title: "Proposals", to: "/admin/proposals", icon: FileText },
  },
  "routes/admin/proposals/new": { access: "staff" },
  "routes/admin/proposals/edit": { access: "staff", params: { id: "proposals" } },
  "routes/admin/proposals/detail": { access: "staff", params: { id: "proposals" } },
  "routes/admin/proposals/compare": { access: "staff", params: { id: "proposals" } },
  "routes/admin/proposals/template": { access: "staff", params: { id: "proposalTemplates" } },
  "routes/admin/proposals/templates": { access: "staff" },
  "routes/admin/inquiries/list": { access: "staff", nav: { title: "Inquiries", to: "/admin/inquiries", icon: Inbox } },
  "routes/admin/inquiries/detail": { access: "staff", params: { id: "inquiries" } },
  "routes/admin/insights/page": { access: "staff", nav: { title: "Insights", to: "/admin/insights", icon: ChartLine } },
  "routes/admin/insights/export": { access: "staff" },
  "routes/admin/settings/layout": {
    access: "staff",
    nav: { title: "Settings", to: "/admin/settings", icon: Settings },
  },
  "routes/admin/settings/index": { access: "staff" },
  "routes/admin/settings/industry-types": { access: "staff" },
  "routes/admin/settings/company": { access: "admin" },
  "routes/admin/settings/team": { access: "admin" },
  // Every record's history and the accounts' trail (issue 30): admins'. Its buttons post to
  // routes/admin/history, which acts on a record only for who may open its page (the page's
  // declaration here decides: each kind's table in app/tables names its page).
  // Each list as CSV (issue 30): staff, like the list.
  "routes/admin/clients/export": { access: "staff" },
  "routes/admin/contacts/export": { access: "staff" },
  "routes/admin/projects/export": { access: "staff" },
  "routes/admin/contracts/export": { access: "staff" },
  "routes/admin/inquiries/export": { access: "staff" },
  "routes/admin/proposals/export": { access: "staff" },
  "routes/admin/proposals/lines-export": { access: "staff" },
  "routes/admin/activity": { access: "admin" },
  "routes/admin/history": { access: "staff" },
  // Recently deleted records, with Restore: staff (records only, never accounts).
  "routes/admin/settings/deleted": { access: "staff" },
  "routes/admin/account": { access: "staff" },
  "routes/admin/not-found": { access: "staff" },
} satisfies Record<string, RouteDeclaration>;

export type RouteId = keyof typeof ROUTE_DECLARATIONS;

/** The admin sidebar: the declared pages' entries, in this list's order (the spec's). */
export const NAV_ITEMS: NavItem[] = Object.values(ROUTE_DECLARATIONS as Record<string, RouteDeclaration>).flatMap(
  (declaration) => (declaration.nav ? [declaration.nav] : []),
);

/** A route's id as React Router gives it: the id routes.ts names, else the file without its extension. */
export function routeId(entry: { id?: string; file: string }): string {
  return entry.id ?? entry.file.replace(/\.[^/.]+$/, "");
}
