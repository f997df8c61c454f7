// Kept apart from better-auth.ts so checking for a session cookie does not load better-auth.
export const SESSION_COOKIE_PREFIX = "playfolio";
export const SESSION_COOKIE_NAME = `${SESSION_COOKIE_PREFIX}.session_token`;
export const TWO_FACTOR_COOKIE_NAME = `${SESSION_COOKIE_PREFIX}.two_factor`;

/** The session token a response's Set-Cookie headers hand out (the cookie's value before its signature), if any. */
export function sessionTokenOf(setCookies: string[]): string | null {
  for (const cookie of setCookies) {
    const [pair = ""] = cookie.split(";");
    const eq = pair.indexOf("=");
    const name = pair.slice(0, eq).trim();
    if (name !== SESSION_COOKIE_NAME && name !== `__Secure-${SESSION_COOKIE_NAME}`) continue;
    const value = decodeURIComponent(pair.slice(eq + 1).trim());
    const dot = value.lastIndexOf(".");
    if (dot > 0) return value.slice(0, dot);
  }
  return null;
}
