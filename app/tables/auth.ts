// better-auth's tables (user, session, account, verification) plus the role
// (staff, or `client` for a contact's portal account), and the fields and tables of its admin (disabled accounts) and
// twoFactor plugins.
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, timestamps } from "./columns";
import { declareNotRecords, declareRecords } from "./declare";

export const ROLES = ["admin", "staff", "pending", "client"] as const;
/** Roles of the company's own people; `client` is a contact's portal account (never staff). */
export const STAFF_ROLES = ["admin", "staff", "pending"] as const;
export type Role = (typeof ROLES)[number];
/**
 * Accounts of this role (a contact's portal account) sign in with a code mailed to them, never with a
 * password, and never pass a staff guard: app/.server/auth enforces both, and sends them to their home.
 */
export const CODE_SIGN_IN = { role: "client", home: "/portal" } as const satisfies { role: Role; home: string };

export const user = pgTable(
  "user",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    role: text("role", { enum: ROLES }).notNull().default("pending"),
    // twoFactor plugin: a confirmed authenticator app.
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    // admin plugin: a disabled ("banned") account cannot sign in.
    banned: boolean("banned").notNull().default(false),
    banReason: text("ban_reason"),
    banExpires: timestamp("ban_expires", { withTimezone: true, precision: 3 }),
    /** When the account last finished signing in (second factor included). */
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true, precision: 3 }),
    ...timestamps(),
  },
  (t) => [check("user_role_check", sql`${t.role} in ('admin', 'staff', 'pending', 'client')`)],
);

export const userDeclaration = declareRecords(user, {
  kind: "account",
  noun: "account",
  plural: "Accounts",
  page: "routes/admin/settings/team",
  label: user.name,
  public: false,
  noHistory: "accounts keep their own trail (audit_log, decision 0022)",
});

export const session = pgTable(
  "session",
  {
    id: id(),
    expiresAt: timestamp("expires_at", { withTimezone: true, precision: 3 }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    // admin plugin (impersonation, which this app does not offer).
    impersonatedBy: text("impersonated_by"),
    // A portal sign-in: the address its code was mailed to, and when. The portal takes a client's
    // session only with these, and only while the address is still the account's; the completion
    // certificate states them.
    codeEmail: text("code_email"),
    codeMailedAt: timestamp("code_mailed_at", { withTimezone: true, precision: 3 }),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    ...timestamps(),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const sessionDeclaration = declareNotRecords(session, "live state: sign-ins", { signal: "session" });

export const account = pgTable(
  "account",
  {
    id: id(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true, precision: 3 }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true, precision: 3 }),
    scope: text("scope"),
    password: text("password"),
    ...timestamps(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const accountDeclaration = declareNotRecords(account, "accounts' passwords: audit_log");

export const verification = pgTable(
  "verification",
  {
    id: id(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, precision: 3 }).notNull(),
    ...timestamps(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

export const verificationDeclaration = declareNotRecords(verification, "live state: reset and portal codes");

// Failed sign-ins (and sign-ups, mails) per key (IP, IP + email…), in the
// database so the limits hold across processes and restarts: `count` failures
// since `window_started_at`, and no further attempt before `blocked_until`.
export const rateLimit = pgTable("rate_limit", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true, precision: 3 }).notNull(),
  blockedUntil: timestamp("blocked_until", { withTimezone: true, precision: 3 }),
});

export const rateLimitDeclaration = declareNotRecords(rateLimit, "live state: counters");

// What may be used once — an inquiry form's stamp, a code from an authenticator
// app — by its key, until it could no longer be used anyway. The primary key
// makes "first use wins" hold across processes (app/.server/single-use.ts).
export const singleUse = pgTable(
  "single_use",
  {
    key: text("key").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [index("single_use_expires_at_idx").on(t.expiresAt)],
);

export const singleUseDeclaration = declareNotRecords(singleUse, "live state: used stamps and codes");

// twoFactor plugin: the authenticator secret and the recovery codes, both
// encrypted with the auth secret by better-auth.
export const twoFactor = pgTable(
  "two_factor",
  {
    id: id(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true, precision: 3 }),
  },
  (t) => [index("two_factor_user_id_idx").on(t.userId), index("two_factor_secret_idx").on(t.secret)],
);

export const twoFactorDeclaration = declareNotRecords(twoFactor, "two-factor secrets: audit_log");

// Account-wide rules an administrator sets: one row.
export const securitySettings = pgTable(
  "security_settings",
  {
    id: integer("id").primaryKey().default(1),
    /** Staff without an authenticator app are sent to set one up before anything else. */
    requireTwoFactor: boolean("require_two_factor").notNull().default(false),
    ...timestamps(),
  },
  (t) => [check("security_settings_singleton", sql`${t.id} = 1`)],
);

export const securitySettingsDeclaration = declareNotRecords(securitySettings, "the two-factor requirement: audit_log");

// An administrator's invitation: a link (its token kept only as a SHA-256 hash)
// that lets one address create an account with the role chosen, once, for 7 days.
export const invitation = pgTable(
  "invitation",
  {
    id: id(),
    email: text("email").notNull(),
    role: text("role", { enum: STAFF_ROLES }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: uuid("invited_by").references(() => user.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true, precision: 3 }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true, precision: 3 }),
    acceptedBy: uuid("accepted_by").references(() => user.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true, precision: 3 }),
    createdAt: createdAt(),
  },
  (t) => [
    check("invitation_role_check", sql`${t.role} in ('admin', 'staff')`),
    index("invitation_email_idx").on(t.email),
  ],
);

export const invitationDeclaration = declareNotRecords(invitation, "invitations: audit_log");
