// The glue of /auth/two-factor (the second step of signing in) and
// /auth/two-factor/setup (enrolment, staff only, reachable while two-factor is
// required and not yet set up).
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type RouterContextProvider } from "react-router";
import { requireStaffWithoutSecondFactor } from "~/.server/auth/access";
import { TWO_FACTOR_COOKIE_NAME } from "~/.server/auth/cookie-name";
import { safeRedirectPath } from "~/.server/auth/redirect-target";
import { twoFactorRequired } from "~/.server/auth/two-factor-policy";
import { setCookieHeaders } from "~/.server/http/cookies";
import { clientIpContext } from "~/.server/http/request-context";
import { redirectWithToast } from "~/.server/toast";
import { enrolCodeSchema, enrolPasswordSchema, twoFactorCodeSchema } from "~/domain/users/schema";
import { confirmEnrolment, SIGN_IN_EXPIRED, startEnrolment, verifySignInCode } from "~/domain/users/two-factor.server";
import { done, invalid, rejected } from "~/routes/shared/answers.server";

function hasPendingSignIn(request: Request): boolean {
  return request.headers.get("Cookie")?.includes(`${TWO_FACTOR_COOKIE_NAME}=`) ?? false;
}

export function loadTwoFactorStep(request: Request) {
  const url = new URL(request.url);
  if (!hasPendingSignIn(request)) throw redirect("/auth");
  return {
    redirectTo: safeRedirectPath(url.searchParams.get("redirectTo"), "/"),
    recovery: url.searchParams.get("recovery") === "1",
  };
}

export async function twoFactorStepAction(request: Request, context: Readonly<RouterContextProvider>) {
  const submission = parseWithZod(await request.formData(), { schema: twoFactorCodeSchema });
  if (submission.status !== "success") return invalid(submission);
  const outcome = await verifySignInCode({
    headers: request.headers,
    ip: context.get(clientIpContext),
    userAgent: request.headers.get("User-Agent"),
    code: submission.value.code,
    kind: submission.value.kind,
  });
  if (!outcome.ok) {
    if (outcome.message === SIGN_IN_EXPIRED || outcome.status === 400) {
      // The sign-in this step belonged to is over: start again.
      throw await redirectWithToast("/auth", { type: "error", title: "Sign in failed", description: outcome.message });
    }
    return rejected(outcome, { title: "Sign in failed", submission });
  }
  return redirect(safeRedirectPath(submission.value.redirectTo, "/"), {
    headers: setCookieHeaders(outcome.setCookies),
  });
}

export async function loadTwoFactorSetup(request: Request) {
  const user = await requireStaffWithoutSecondFactor(request);
  return { enabled: user.twoFactorEnabled, required: await twoFactorRequired(), email: user.email };
}

export async function twoFactorSetupAction(request: Request) {
  const user = await requireStaffWithoutSecondFactor(request);
  const formData = await request.formData();
  if (formData.get("intent") === "confirm") {
    const submission = parseWithZod(formData, { schema: enrolCodeSchema });
    if (submission.status !== "success") return invalid(submission, { intent: "confirm" });
    const outcome = await confirmEnrolment(request.headers, user, submission.value.code);
    if (!outcome.ok) return rejected(outcome, { title: null, submission, intent: "confirm" });
    return redirectWithToast(
      "/admin/account",
      {
        type: "success",
        title: "Two-factor sign-in is on",
        description: "Signing in now asks for a code from your app.",
      },
      { headers: setCookieHeaders(outcome.setCookies) },
    );
  }
  const submission = parseWithZod(formData, { schema: enrolPasswordSchema });
  const secrets = { hideFields: ["currentPassword"] };
  if (submission.status !== "success") return invalid(submission, { intent: "start", ...secrets });
  const outcome = await startEnrolment(request.headers, user, submission.value.currentPassword);
  if (!outcome.ok) {
    return rejected({ ...outcome, field: "currentPassword" }, { title: null, submission, intent: "start", ...secrets });
  }
  const { default: QRCode } = await import("qrcode"); // set-up only: start-up does not load it
  const qrSvg = await QRCode.toString(outcome.totpURI, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return done(null, {
    intent: "start",
    enrolment: { qrSvg, secret: outcome.secret, recoveryCodes: outcome.recoveryCodes },
  });
}
