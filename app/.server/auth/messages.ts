// Words better-auth is configured with that routes also use, apart so importing them does not load better-auth.

/** What a disabled account is told when its password was right. */
export const DISABLED_ACCOUNT_MESSAGE = "This account has been disabled. Ask an administrator to enable it again.";

/** A code from the authenticator app that was used already (each works once). */
export const TOTP_CODE_USED_MESSAGE =
  "That code has been used already. Wait for the next code from your authenticator app.";
