// Team → Activity's URL state: who (a person: they did it, or it was done to
// their account), which kind of change, and whether requests from people not
// signed in (the forgot-password form) are shown. Malformed values mean "all".
import { z } from "zod";

/** The kinds of change, each the first part of its actions' names ("password.changed"). */
export const AUDIT_KINDS = [
  "account",
  "password",
  "sessions",
  "two-factor",
  "invitation",
  "portal",
  "settings",
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  account: "Access and account details",
  password: "Passwords",
  sessions: "Sessions",
  "two-factor": "Two-factor sign-in",
  invitation: "Invitations",
  portal: "Client portal",
  settings: "Sign-in settings",
};

export const auditQuerySchema = z.object({
  person: z.uuid().or(z.literal("")).catch(""),
  kind: z.enum(AUDIT_KINDS).or(z.literal("")).catch(""),
  anonymous: z.literal("1").or(z.literal("")).catch(""),
});
export type AuditQuery = Partial<z.output<typeof auditQuerySchema>>;
