/** Headers carrying each Set-Cookie value (a Headers init object cannot repeat a key). */
export function setCookieHeaders(cookies: Iterable<string>, init?: HeadersInit): Headers {
  const headers = new Headers(init);
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return headers;
}
