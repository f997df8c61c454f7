// What a public page shows signed-in staff beyond the visitor's page: a link
// back to the admin, and for unpublished work the preview bar. Looked up only
// when the request carries a session cookie (signedInStaff), so a visitor's
// page stays one page for everyone; a page that looked is sent
// `private, no-store` (root.server.ts) and the render cache never stores it.
import { signedInStaff } from "~/.server/auth/access";
import type { StaffView } from "~/domain/library/components/staff-bar";

export const adminProjectPath = (id: string) => `/admin/projects/${id}/edit`;
export const adminGalleryPath = (slug: string) => `/admin/gallery/${encodeURIComponent(slug)}`;

export async function staffView(
  request: Request,
  adminHref: string,
  options: { preview?: boolean } = {},
): Promise<StaffView | null> {
  return (await signedInStaff(request)) ? { preview: options.preview ?? false, adminHref } : null;
}
