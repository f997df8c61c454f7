// The glue of /portal for someone not signed in: the address step, then the
// code step. Between the two, the address waits in a signed cookie (10
// minutes) rather than in the URL or a hidden field. Its path is "/": a path
// of "/portal" would not reach "/portal.data", React Router's data requests.
import { parseWithZod } from "@conform-to/zod/v4";
import { createCookie, redirect, type RouterContextProvider } from "react-router";
import { authSecret } from "~/.server/auth/secret";
import { setCookieHeaders } from "~/.server/http/cookies";
import { clientIpContext } from "~/.server/http/request-context";
import { appOrigin } from "~/.server/env";
import { PORTAL_SIGN_IN_MESSAGES, portalSignInSchema } from "~/domain/portal/schema";
import { requestPortalCode, signInWithPortalCode } from "~/domain/portal/sign-in.server";
import { invalid, rejected } from "~/routes/shared/answers.server";

let cookie: ReturnType<typeof createCookie> | undefined;
function signInCookie() {
  cookie ??= createCookie("playfolio_portal_sign_in", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    maxAge: 10 * 60,
    secrets: [authSecret()],
    secure: appOrigin().startsWith("https:"),
  });
  return cookie;
}

/** The address a code was asked for in this browser, if the code step is still open. */
export async function pendingAddress(request: Request): Promise<string | null> {
  const value: unknown = await signInCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value ? value : null;
}

const clear = () => signInCookie().serialize("", { maxAge: 0 });

export async function portalSignInAction(request: Request, context: Readonly<RouterContextProvider>) {
  const formData = await request.formData();
  const ip = context.get(clientIpContext);
  const intent = formData.get("intent");
  if (intent === "resend-code") {
    const email = await pendingAddress(request);
    if (email) formData.set("email", email);
    formData.set("intent", "send-code");
  }
  const submission = parseWithZod(formData, { schema: portalSignInSchema });
  if (submission.status !== "success") return invalid(submission, { intent: String(intent) });
  const value = submission.value;

  if (value.intent === "change-email") throw redirect("/portal", { headers: setCookieHeaders([await clear()]) });

  if (value.intent === "send-code") {
    const outcome = await requestPortalCode({ email: value.email, ip });
    if (!outcome.ok) return rejected(outcome, { title: null, submission, intent: "send-code" });
    const remembered = await signInCookie().serialize(value.email.trim().toLowerCase());
    throw redirect("/portal", { headers: setCookieHeaders([remembered]) });
  }

  const email = await pendingAddress(request);
  if (!email) {
    return rejected(
      { status: 400, message: "Your sign-in took too long. Enter your email address again." },
      { title: null, submission, intent: "verify-code" },
    );
  }
  const outcome = await signInWithPortalCode({
    email,
    code: value.code,
    ip,
    userAgent: request.headers.get("User-Agent"),
  });
  if (!outcome.ok) return rejected(outcome, { title: null, submission, intent: "verify-code" });
  throw redirect("/portal", { headers: setCookieHeaders([...outcome.setCookies, await clear()]) });
}

export { PORTAL_SIGN_IN_MESSAGES };
