// How each audit action reads in Team's activity list.
const LABELS: Record<string, string> = {
  "account.access-changed": "Changed access",
  "account.disabled": "Disabled the account",
  "account.enabled": "Enabled the account",
  "account.name-changed": "Changed the name",
  "account.email-change-requested": "Asked to change the email address",
  "account.email-changed": "Changed the email address",
  "password.changed": "Changed the password",
  "password.reset-requested": "Sent a password reset link",
  "password.reset-asked": "Asked for a password reset link (forgot password)",
  "password.reset": "Set a new password from a reset link",
  "sessions.signed-out": "Signed out sessions",
  "two-factor.enabled": "Turned on two-factor sign-in",
  "two-factor.disabled": "Turned off two-factor sign-in",
  "two-factor.recovery-codes-renewed": "Made new recovery codes",
  "two-factor.reset-by-admin": "Turned off two-factor sign-in for the account",
  "settings.two-factor-requirement": "Changed the two-factor requirement",
  "invitation.sent": "Sent an invitation",
  "invitation.revoked": "Revoked an invitation",
  "invitation.accepted": "Accepted an invitation",
  "portal.access-granted": "Gave a contact client portal access",
  "portal.access-removed": "Removed a contact's client portal access",
};

export function auditActionLabel(action: string): string {
  return LABELS[action] ?? action;
}
