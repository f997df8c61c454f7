// Which requests the render cache may answer: the routes declared with a
// `cache` list (app/route-declarations.ts), each with the query parameters it
// reads. The key is the path and those parameters in a stable order; anything
// else in the query (tracking tags, typos) is dropped, and the page is rendered
// from the normalized URL, so what is stored is exactly what that key renders.
import type { IncomingHttpHeaders } from "node:http";
import { SESSION_COOKIE_PREFIX } from "../auth/cookie-name";
import { routePolicy } from "../http/route-policy";

const MAX_URL_LENGTH = 2048;
// Only the one spelling of a path is kept (lowercase, no %-escapes, no trailing
// slash): `/Castle-Keep`, `/castle%2Dkeep` and `/castle-keep/` would each be a
// copy of the same page, and a stranger could fill the cache with them.
const CANONICAL_PATH = /^\/(?:[a-z0-9._~-]+(?:\/[a-z0-9._~-]+)*)?$/;

function paramsFor(path: string): readonly string[] | null {
  if (!CANONICAL_PATH.test(path)) return null;
  return routePolicy(path)?.cache ?? null;
}

/** `/?q=tower&utm_source=x&page=2` → `/?page=2&q=tower`; null for a URL that is not a cacheable page. */
export function normalizedUrl(url: string, bypass?: (path: string) => boolean): string | null {
  if (url.length > MAX_URL_LENGTH) return null;
  const mark = url.indexOf("?");
  const path = mark === -1 ? url : url.slice(0, mark);
  if (bypass?.(path)) return null;
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
