// Kept apart from better-auth.ts so checking for a session cookie does not load better-auth.
export const SESSION_COOKIE_PREFIX = "playfolio";
export const SESSION_COOKIE_NAME = `${SESSION_COOKIE_PREFIX}.session_token`;
export const TWO_FACTOR_COOKIE_NAME = `${SESSION_COOKIE_PREFIX}.two_factor`;
