// The portal's sign-in codes: 6 digits, 10 minutes, 5 tries. Kept apart from
// better-auth.ts so that reading them does not load better-auth.
export const PORTAL_CODE_LENGTH = 6;
export const PORTAL_CODE_TTL_SECONDS = 10 * 60;
export const PORTAL_CODE_ATTEMPTS = 5;
