// Which requests the render cache may answer: routes declared with a `cache` list of the query
// parameters they read; the key (and the URL rendered) keeps only those, in a stable order.
import type { IncomingHttpHeaders } from "node:http";
import { SESSION_COOKIE_PREFIX } from "../auth/cookie-name";
import { routePolicy } from "../http/route-policy";

const MAX_URL_LENGTH = 2048;
// One spelling per path (lowercase, no %-escapes, no trailing slash): else a stranger fills the cache with copies.
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

/** A request with one of the app's cookies or credentials: the page may be rendered for that person. */
export function isPersonal(headers: IncomingHttpHeaders): boolean {
  return (headers.cookie !== undefined && APP_COOKIE.test(headers.cookie)) || headers.authorization !== undefined;
}

/** Part of the key without PUBLIC_URL (links are then built from it): no host can plant its links for all. */
export function requestOrigin(headers: IncomingHttpHeaders): string {
  return `${headers.host ?? ""}|${headers["x-forwarded-host"] ?? ""}|${headers["x-forwarded-proto"] ?? ""}`;
}
