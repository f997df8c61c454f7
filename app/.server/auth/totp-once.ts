// A better-auth plugin of ours: an authenticator code works once per account (RFC 6238 §5.2; better-auth
// accepts one for its whole window, decision 0016). Claimed before verify-totp runs, given back if refused.
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { claimOnce, releaseClaim } from "../single-use";
import { TOTP_CODE_USED_MESSAGE } from "./messages";

const VERIFY_TOTP = "/two-factor/verify-totp";
/** A code is accepted at most one 30 s step early or late: 90 s, and a margin. */
const CLAIM_MS = 2 * 60_000;

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The account the code is for: the signed-in one (setting it up), or the one halfway through signing in. */
async function accountOf(ctx: HookContext): Promise<string | null> {
  const session = await getSessionFromCtx(ctx);
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie("two_factor");
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return null;
  return (await ctx.context.internalAdapter.findVerificationValue(identifier))?.value ?? null;
}

// The claim of a call, from its before hook to its after hook (the call's own context object).
const claims = new WeakMap<object, string>();

export function totpOnce() {
  return {
    id: "totp-once",
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === VERIFY_TOTP,
          handler: createAuthMiddleware(async (ctx) => {
            const body = ctx.body as { code?: unknown } | undefined;
            const code = typeof body?.code === "string" ? body.code.trim() : "";
            const account = code ? await accountOf(ctx) : null;
            // Without an account or a code, better-auth refuses the call itself.
            if (!account) return;
            const key = `totp:${account}:${code}`;
            if (!(await claimOnce(key, new Date(Date.now() + CLAIM_MS)))) {
              throw new APIError("UNAUTHORIZED", { message: TOTP_CODE_USED_MESSAGE, code: "TOTP_CODE_USED" });
            }
            claims.set(ctx.context, key);
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === VERIFY_TOTP,
          handler: createAuthMiddleware(async (ctx) => {
            const key = claims.get(ctx.context);
            if (key && isAPIError(ctx.context.returned)) await releaseClaim(key);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
