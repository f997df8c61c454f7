// better-auth: email + password, sessions in the database, HttpOnly cookies. Its HTTP handler is not
// mounted (decision 0002): our routes call auth.api, so our validation, limits and origin checks are the way in.
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { admin, emailOTP, twoFactor } from "better-auth/plugins";
import { and, eq, sql } from "drizzle-orm";
import { CODE_SIGN_IN } from "~/tables";
import { type Db, schema } from "../db";
import { appOrigin, env } from "../env";
import { logger } from "../logger";
import { siteName } from "../site-name";
import {
  changeEmailMail,
  existingAccountMail,
  resetPasswordMail,
  sendAccountMail,
  verificationMail,
} from "./account-mail";
import { CLIENT_IP_HEADER } from "./client-headers";
import { SESSION_COOKIE_PREFIX } from "./cookie-name";
import { DISABLED_ACCOUNT_MESSAGE } from "./messages";
import { passwordHashing } from "./password-hashing";
import { authSecret, secretHash } from "./secret";
import { totpOnce } from "./totp-once";
import { isStaffDomainEmail, mailsConfirmationLink } from "./staff-domain";

const HOUR = 60 * 60;
const DAY = 24 * HOUR;

// Serializes "is there an admin yet?" so two first sign-ups cannot both win.
const FIRST_ADMIN_LOCK_ID = 7_406_220_002;

export function createAuth(db: Db) {
  const { REQUIRE_EMAIL_VERIFICATION } = env();
  const origin = appOrigin();
  const instance = betterAuth({
    appName: "Playfolio",
    baseURL: origin,
    secret: authSecret(),
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        twoFactor: schema.twoFactor,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      // better-auth's scrypt, except in Vitest (decision 0088).
      password: passwordHashing(),
      // With verification on, a taken address gets a new one's answer and its owner a mail (decision 0032).
      requireEmailVerification: REQUIRE_EMAIL_VERIFICATION,
      autoSignIn: !REQUIRE_EMAIL_VERIFICATION,
      // A reset link lasts an hour, works once, and ends every session of the account.
      resetPasswordTokenExpiresIn: HOUR,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        // A code-sign-in account has no password: no link, and the answer any address gets.
        if ((user as { role?: string }).role === CODE_SIGN_IN.role) return;
        await sendAccountMail(resetPasswordMail(user, token, origin, await siteName()));
      },
      onExistingUserSignUp: async ({ user }) => {
        if (!user.emailVerified && mailsConfirmationLink(user.email)) {
          await instance.api.sendVerificationEmail({ body: { email: user.email } });
        } else {
          await sendAccountMail(existingAccountMail(user, origin, await siteName()));
        }
      },
    },
    emailVerification: {
      // Every sign-up asks; sendVerificationEmail mails only the addresses that need a link.
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: DAY,
      sendVerificationEmail: async ({ user, token }) => {
        // A change of address: the link goes to the new address, whatever the domain.
        const [stored] = await db
          .select({ email: schema.user.email })
          .from(schema.user)
          .where(eq(schema.user.id, user.id));
        if (stored && stored.email !== user.email) {
          await sendAccountMail(changeEmailMail(user, token, origin, await siteName()));
          return;
        }
        if (!mailsConfirmationLink(user.email)) return;
        await sendAccountMail(verificationMail(user, token, origin, await siteName()));
      },
      // A staff domain grants access only to an address its owner has proved.
      afterEmailVerification: async (user) => {
        if (!isStaffDomainEmail(user.email)) return;
        const granted = await db
          .update(schema.user)
          .set({ role: "staff" })
          .where(and(eq(schema.user.id, user.id), eq(schema.user.role, "pending")))
          .returning({ id: schema.user.id });
        if (granted.length > 0) logger().info({ email: user.email }, "verified staff-domain address: granted staff");
      },
    },
    user: {
      // A new address takes effect once the link mailed to it is followed.
      changeEmail: { enabled: true },
      additionalFields: {
        role: { type: "string", required: false, input: false, defaultValue: "pending" },
      },
    },
    session: {
      // A sign-in by mailed code's proof: the address it was mailed to, and when.
      additionalFields: {
        codeEmail: { type: "string", required: false, input: false },
        codeMailedAt: { type: "date", required: false, input: false },
      },
      expiresIn: 30 * DAY,
      // Sliding: a session used at least once a day never expires.
      updateAge: DAY,
    },
    plugins: [
      // A banned (disabled) account cannot start a session; app/domain/users writes the ban.
      admin({ defaultRole: "pending", bannedUserMessage: DISABLED_ACCOUNT_MESSAGE }),
      // TOTP with ten recovery codes; wrong codes count toward better-auth's lock.
      twoFactor({ issuer: "Playfolio", backupCodeOptions: { amount: 10, length: 10 } }),
      // Sign-in by mailed code: the domain mails and checks its codes; once right, this plugin's code starts
      // the session through signInEmailOTP, so the session.create hook below decides who may. It makes no accounts.
      emailOTP({
        storeOTP: { hash: async (otp) => secretHash("sign-in-code", otp) },
        disableSignUp: true,
        sendVerificationOTP: async () => {
          // Its send endpoint is not used (the handler is not mounted); refuse rather than mail a code blindly.
          throw new APIError("BAD_REQUEST", { message: "Codes are mailed by the domain." });
        },
      }),
      // Each TOTP code works once per account.
      totpOnce(),
    ],
    rateLimit: { enabled: false }, // ours, in app/.server/auth/rate-limit.ts
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: origin.startsWith("https:"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/" },
      database: { generateId: "uuid" },
      // Sessions record the address our Express layer resolved (client-headers.ts).
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    databaseHooks: {
      session: {
        create: {
          // A code signs in CODE_SIGN_IN's accounts only, and those only with a code (a password is refused as wrong).
          before: async (session, context) => {
            const [owner] = await db
              .select({ role: schema.user.role })
              .from(schema.user)
              .where(eq(schema.user.id, session.userId));
            const byCode = context?.path === "/sign-in/email-otp";
            if (byCode && owner?.role !== CODE_SIGN_IN.role)
              throw new APIError("BAD_REQUEST", { message: "Invalid OTP" });
            if (!byCode && owner?.role === CODE_SIGN_IN.role) {
              throw new APIError("UNAUTHORIZED", {
                message: "Invalid email or password",
                code: "INVALID_EMAIL_OR_PASSWORD",
              });
            }
          },
        },
      },
      user: {
        create: {
          // Every account starts pending: the first becomes admin, a staff-domain address staff once verified.
          before: async (user) => ({ data: { ...user, role: "pending" } }),
          after: async (user) => {
            const promoted = await db.transaction(async (tx) => {
              await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_ADMIN_LOCK_ID})`);
              const result = await tx.execute(sql`
                update "user" set role = 'admin'
                where id = ${user.id} and not exists (select 1 from "user" where role = 'admin')
                returning id`);
              return result.rows.length > 0;
            });
            if (promoted) logger().info({ email: user.email }, "first account: granted admin");
          },
        },
      },
    },
    logger: {
      log: (level, message, ...args) =>
        logger()[level === "error" || level === "warn" ? level : "debug"]({ args }, `auth: ${message}`),
    },
  });
  return instance;
}

export type Auth = ReturnType<typeof createAuth>;
