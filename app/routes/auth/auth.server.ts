// The glue of /auth: sign-in and sign-up on one page.
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type RouterContextProvider } from "react-router";
import { getUser } from "~/.server/auth/access";
import { safeRedirectPath } from "~/.server/auth/redirect-target";
import { setCookieHeaders } from "~/.server/http/cookies";
import { redirectWithToast } from "~/.server/toast";
import { clientIpContext } from "~/.server/http/request-context";
import { authFormSchema } from "~/domain/users/schema";
import { requiresEmailVerification, signIn, signUp } from "~/domain/users/users.server";
import { done, invalid, rejected } from "~/routes/shared/answers.server";

export async function loadAuthPage(request: Request) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), "/");
  if (await getUser(request)) throw redirect(redirectTo);
  return { redirectTo, emailVerificationRequired: requiresEmailVerification() };
}

const SECRETS = { hideFields: ["password", "confirmPassword"] };

export async function authAction(request: Request, context: Readonly<RouterContextProvider>) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: authFormSchema });
  const intent: "sign-in" | "sign-up" = formData.get("intent") === "sign-up" ? "sign-up" : "sign-in";
  if (submission.status !== "success") return invalid(submission, { intent, ...SECRETS });
  const value = submission.value;
  const ip = context.get(clientIpContext);
  const redirectTo = safeRedirectPath(value.redirectTo, "/");

  if (value.intent === "sign-in") {
    const outcome = await signIn({
      email: value.email,
      password: value.password,
      ip,
      userAgent: request.headers.get("User-Agent"),
      cookie: request.headers.get("Cookie"),
    });
    if (!outcome.ok) return rejected(outcome, { title: "Sign in failed", submission, intent, ...SECRETS });
    // The password was right; the account's second factor comes next.
    const next = outcome.twoFactor ? `/auth/two-factor?${new URLSearchParams({ redirectTo })}` : redirectTo;
    return redirect(next, { headers: setCookieHeaders(outcome.setCookies) });
  }

  const outcome = await signUp({
    fullName: value.fullName,
    email: value.email,
    password: value.password,
    ip,
    userAgent: request.headers.get("User-Agent"),
  });
  if (!outcome.ok) return rejected(outcome, { title: "Sign up failed", submission, intent, ...SECRETS });
  if (outcome.setCookies.length > 0) {
    // Signed in (email verification off): on to the page asked for, as the spec says.
    const headers = setCookieHeaders(outcome.setCookies);
    return outcome.checkEmail
      ? redirectWithToast(redirectTo, CHECK_EMAIL, { headers })
      : redirect(redirectTo, { headers });
  }
  // Verification on: the same answer whether or not the address already had an account.
  return done(CHECK_EMAIL, {
    intent,
    result: submission.reply({ resetForm: true }),
    checkEmail: true,
  });
}

/** The spec's answer to a sign-up that waits for its confirmation link. */
const CHECK_EMAIL = {
  type: "success",
  title: "Check your email",
  description: "We sent you a confirmation link. Please check your inbox.",
} as const;
