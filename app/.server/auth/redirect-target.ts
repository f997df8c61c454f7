// Where a visitor may be sent after signing in: a path on this site, never
// another origin and never a value that cannot go in a Location header.
import { appOrigin } from "../env";

// Browsers drop tabs and newlines from URLs and read "\" as "/", so "/\t/evil"
// and "/\evil" reach another host; they are removed before the URL is parsed.
// eslint-disable-next-line no-control-regex -- control characters are what this removes
const IGNORED_BY_BROWSERS = /[\u0000-\u001f\u007f\\]/g;

/**
 * The path, query and hash of `to` when it is a same-origin path, else `fallback`.
 * `to` is resolved against the app's origin with the URL parser (as a browser
 * would) and accepted only when the origin is unchanged; the result is
 * percent-encoded, so it is always a valid header value.
 */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string") return fallback;
  const cleaned = to.replace(IGNORED_BY_BROWSERS, "");
  if (!cleaned.startsWith("/") || cleaned.startsWith("//")) return fallback;
  const origin = appOrigin();
  let url: URL;
  try {
    url = new URL(cleaned, origin);
  } catch {
    return fallback;
  }
  // "/.//evil" normalises to "//evil", which a Location header reads as another host.
  if (url.origin !== new URL(origin).origin || url.pathname.startsWith("//")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
