// The glue of /portal for someone not signed in: the address step, then the
// code step. Between the two, the address and the id of the request that made
// the code wait in a signed cookie (10 minutes, checked here: a browser may
// keep a cookie past its Max-Age) rather than in the URL or a hidden field; a
// code can be tried only with that cookie. Its path is "/": a path of
// "/portal" would not reach "/portal.data", React Router's data requests.
import { parseWithZod } from "@conform-to/zod/v4";
import { createCookie, redirect, type RouterContextProvider } from "react-router";
import { authSecret } from "~/.server/auth/secret";
import { setCookieHeaders } from "~/.server/http/cookies";
import { clientIpContext } from "~/.server/http/request-context";
import { appOrigin } from "~/.server/env";
import { PORTAL_CODE_TTL_SECONDS, PORTAL_SIGN_IN_MESSAGES, portalSignInSchema } from "~/domain/portal/schema";
import { requestPortalCode, signInWithPortalCode } from "~/domain/portal/sign-in.server";
import { invalid, rejected } from "~/routes/shared/answers.server";

let cookie: ReturnType<typeof createCookie> | undefined;
function signInCookie() {
  cookie ??= createCookie("playfolio_portal_sign_in", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    maxAge: PORTAL_CODE_TTL_SECONDS,
    secrets: [authSecret()],
    secure: appOrigin().startsWith("https:"),
  });
  return cookie;
}

interface PendingSignIn {
  email: string;
  /** The request that made this browser's code. */
  attempt: string;
  /** When the code was asked for (ms since the epoch). */
  at: number;
}

/** The code step open in this browser: asked for here, less than 10 minutes ago. */
async function pendingSignIn(request: Request): Promise<PendingSignIn | null> {
  const value: unknown = await signInCookie().parse(request.headers.get("Cookie"));
  if (typeof value !== "object" || value === null) return null;
  const { email, attempt, at } = value as Record<string, unknown>;
  if (typeof email !== "string" || typeof attempt !== "string" || typeof at !== "number") return null;
  const age = Date.now() - at;
  return age >= 0 && age <= PORTAL_CODE_TTL_SECONDS * 1000 ? { email, attempt, at } : null;
}

/** The address a code was asked for in this browser, if the code step is still open. */
export async function pendingAddress(request: Request): Promise<string | null> {
  return (await pendingSignIn(request))?.email ?? null;
}

const clear = () => signInCookie().serialize("", { maxAge: 0 });

export async function portalSignInAction(request: Request, context: Readonly<RouterContextProvider>) {
  const formData = await request.formData();
  const ip = context.get(clientIpContext);
  const intent = formData.get("intent");
  const pending = await pendingSignIn(request);
  if (intent === "resend-code") {
    if (pending) formData.set("email", pending.email);
    formData.set("intent", "send-code");
  }
  const submission = parseWithZod(formData, { schema: portalSignInSchema });
  if (submission.status !== "success") return invalid(submission, { intent: String(intent) });
  const value = submission.value;

  if (value.intent === "change-email") throw redirect("/portal", { headers: setCookieHeaders([await clear()]) });

  if (value.intent === "send-code") {
    const outcome = await requestPortalCode({
      email: value.email,
      ip,
      cookie: request.headers.get("Cookie"),
      replaces: pending?.attempt,
    });
    if (!outcome.ok) return rejected(outcome, { title: null, submission, intent: "send-code" });
    const step: PendingSignIn = { email: value.email.trim().toLowerCase(), attempt: outcome.attempt, at: Date.now() };
    throw redirect("/portal", { headers: setCookieHeaders([await signInCookie().serialize(step)]) });
  }

  if (!pending) {
    return rejected(
      { status: 400, message: "Your sign-in took too long. Enter your email address again." },
      { title: null, submission, intent: "verify-code" },
    );
  }
  const outcome = await signInWithPortalCode({
    attempt: pending.attempt,
    email: pending.email,
    code: value.code,
    ip,
    userAgent: request.headers.get("User-Agent"),
    cookie: request.headers.get("Cookie"),
  });
  if (!outcome.ok) return rejected(outcome, { title: null, submission, intent: "verify-code" });
  throw redirect("/portal", { headers: setCookieHeaders([...outcome.setCookies, await clear()]) });
}

export { PORTAL_SIGN_IN_MESSAGES };
