// better-auth: email + password, sessions in the database, HttpOnly cookies.
// Its HTTP handler is not mounted; our routes call auth.api directly, so our
// validation, rate limits and origin checks are the only way in.
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { sql } from "drizzle-orm";
import { type Db, schema } from "../db";
import { appOrigin, env } from "../env";
import { logger } from "../logger";
import { sendMail } from "../mail";
import { SESSION_COOKIE_PREFIX } from "./cookie-name";
import { authSecret } from "./secret";

const DAY = 60 * 60 * 24;

function roleForNewAccount(email: string): "staff" | "pending" {
  const domain = email.split("@").pop()?.toLowerCase() ?? "";
  return env().STAFF_EMAIL_DOMAINS.includes(domain) ? "staff" : "pending";
}

// Serializes "is there an admin yet?" so two first sign-ups cannot both win.
const FIRST_ADMIN_LOCK_ID = 7_406_220_002;

export function createAuth(db: Db) {
  const { REQUIRE_EMAIL_VERIFICATION } = env();
  const origin = appOrigin();
  return betterAuth({
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
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      requireEmailVerification: REQUIRE_EMAIL_VERIFICATION,
      autoSignIn: !REQUIRE_EMAIL_VERIFICATION,
    },
    emailVerification: {
      sendOnSignUp: REQUIRE_EMAIL_VERIFICATION,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, token }) => {
        // Our own route verifies the token, then returns to the site root.
        const link = `${origin}/auth/verify-email?token=${encodeURIComponent(token)}`;
        await sendMail({
          to: user.email,
          subject: "Confirm your Playfolio account",
          text: `Hello ${user.name},\n\nConfirm your email address to finish creating your account:\n${link}\n\nIf you did not sign up, ignore this message.`,
        });
      },
    },
    user: {
      additionalFields: {
        role: { type: "string", required: false, input: false, defaultValue: "pending" },
      },
    },
    session: {
      expiresIn: 30 * DAY,
      // Sliding: a session used at least once a day never expires.
      updateAge: DAY,
    },
    rateLimit: { enabled: false }, // ours, in app/.server/auth/rate-limit.ts
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: origin.startsWith("https:"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/" },
      database: { generateId: "uuid" },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({ data: { ...user, role: roleForNewAccount(user.email) } }),
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
      log: (level, message, ...args) => {
        const log = logger();
        if (level === "error") log.error({ args }, `auth: ${message}`);
        else if (level === "warn") log.warn({ args }, `auth: ${message}`);
        else log.debug({ args }, `auth: ${message}`);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
