// Which requests the render cache may answer: the public pages (and the two
// public scripts and texts), each with the query parameters it reads. The key
// is the path and those parameters in a stable order; anything else in the
// query (tracking tags, typos) is dropped, and the page is rendered from the
// normalized URL, so what is stored is exactly what that key renders.
import type { IncomingHttpHeaders } from "node:http";
import { isReservedSlug } from "~/lib/reserved-slugs";
import { SESSION_COOKIE_PREFIX } from "../auth/cookie-name";

const SLUG = "[a-z0-9]+(?:-[a-z0-9]+)*";
const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

const PAGES: { path: RegExp; params: readonly string[] }[] = [
  { path: /^\/$/, params: ["q", "industry", "options", "age", "inclusive", "surfacing", "page"] },
  { path: /^\/projects$/, params: ["q", "industry", "page"] },
  { path: /^\/gallery$/, params: [] },
  { path: new RegExp(`^/(?:gallery|webview)/${SLUG}$`), params: [] },
  { path: new RegExp(`^/projects/${UUID}/(?:preview|dialog)$`), params: [] },
  { path: /^\/(?:sitemap\.xml|robots\.txt|embed\.js)$/, params: [] },
];
const PROJECT_PAGE = new RegExp(`^/(${SLUG})$`);
const MAX_URL_LENGTH = 2048;

function paramsFor(path: string): readonly string[] | null {
  for (const page of PAGES) if (page.path.test(path)) return page.params;
  const slug = PROJECT_PAGE.exec(path)?.[1];
  return slug !== undefined && slug.length <= 100 && !isReservedSlug(slug) ? [] : null;
}

/** `/?q=tower&utm_source=x&page=2` → `/?page=2&q=tower`; null for a URL that is not a cacheable page. */
export function normalizedUrl(url: string): string | null {
  if (url.length > MAX_URL_LENGTH) return null;
  const mark = url.indexOf("?");
  const path = mark === -1 ? url : url.slice(0, mark);
  const known = paramsFor(path);
  if (known === null) return null;
  if (mark === -1 || known.length === 0) return path;
  const kept = [...new URLSearchParams(url.slice(mark + 1))].filter(([name]) => known.includes(name));
  if (kept.length === 0) return path;
  // By name; a stable sort, so repeated parameters keep their order (the page may show them in that order).
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${path}?${new URLSearchParams(kept).toString()}`;
}

const APP_COOKIE = new RegExp(`(?:^|;)\\s*(?:__Secure-|__Host-)?${SESSION_COOKIE_PREFIX}[._]`);

/**
 * A request that carries one of this app's cookies (a session, a flash toast)
 * or credentials is answered by the app itself, and what it is answered is
 * never stored: the page may be rendered for that person.
 */
export function isPersonal(headers: IncomingHttpHeaders): boolean {
  return (headers.cookie !== undefined && APP_COOKIE.test(headers.cookie)) || headers.authorization !== undefined;
}

/**
 * Without PUBLIC_URL, pages build their absolute links (canonical, Open Graph,
 * sitemap) from the address the request came to, so that address is part of
 * the key: a request naming another host cannot plant its links for everyone.
 */
export function requestOrigin(headers: IncomingHttpHeaders): string {
  return `${headers.host ?? ""}|${headers["x-forwarded-host"] ?? ""}|${headers["x-forwarded-proto"] ?? ""}`;
}
