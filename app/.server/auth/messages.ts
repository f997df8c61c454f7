// Words better-auth is configured with that routes and the domain also use, kept
// apart from better-auth.ts so importing them does not load better-auth.

/** What a disabled account is told when its password was right. */
export const DISABLED_ACCOUNT_MESSAGE = "This account has been disabled. Ask an administrator to enable it again.";
