// Paths the app itself answers at the root, so a project_name may never take them.
export const RESERVED_SLUGS = [
  "admin",
  "api",
  "assets",
  "auth",
  "build",
  "embed",
  "favicon",
  "gallery",
  "healthz",
  "media",
  "new",
  "oembed",
  "pending",
  "portal",
  "projects",
  "public",
  "robots",
  "sitemap",
  "static",
  "webview",
] as const;

export function isReservedSlug(slug: string): boolean {
  return (RESERVED_SLUGS as readonly string[]).includes(slug);
}
