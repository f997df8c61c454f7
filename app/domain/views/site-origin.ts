// An embedding site as the insights count it: the origin (scheme, host and
// port) of an http(s) address, never its path, query or credentials. Views take
// it from the framed request's Referer, inquiries from what the frame's script
// reported (decision 0066); either way it is only counted, never trusted.
export const MAX_SITE_LENGTH = 200;

/** The origin of an http(s) address; null for anything else (javascript:, data:, garbage, too long). */
export function siteOrigin(value: unknown): string | null {
  if (typeof value !== "string" || value === "" || value.length > 2048) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  return url.origin.length <= MAX_SITE_LENGTH ? url.origin : null;
}
