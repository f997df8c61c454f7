// Where a visitor may be sent after signing in: a path on this site, valid in a Location header.
import { appOrigin } from "../env";

// Browsers drop tabs and newlines and read "\" as "/" ("/\t/evil" reaches another host): removed first.
// eslint-disable-next-line no-control-regex -- control characters are what this removes
const IGNORED_BY_BROWSERS = /[\u0000-\u001f\u007f\\]/g;

/** `to`'s path, query and hash when the URL parser keeps it same-origin (percent-encoded), else `fallback`. */
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
