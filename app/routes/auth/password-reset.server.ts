// The glue of /auth/forgot-password and /auth/reset-password (anyone may use them).
import { parseWithZod } from "@conform-to/zod/v4";
import type { RouterContextProvider } from "react-router";
import { clientIpContext } from "~/.server/http/request-context";
import { redirectWithToast } from "~/.server/toast";
import {
  RESET_LINK_INVALID,
  RESET_LINK_SENT,
  requestPasswordReset,
  resetLinkIsValid,
  resetPassword,
} from "~/domain/users/password-reset.server";
import { forgotPasswordSchema, resetPasswordSchema } from "~/domain/users/schema";
import { done, invalid, rejected } from "~/routes/shared/answers.server";

const SECRETS = { hideFields: ["password", "confirmPassword"] };

export async function forgotPasswordAction(request: Request, context: Readonly<RouterContextProvider>) {
  const submission = parseWithZod(await request.formData(), { schema: forgotPasswordSchema });
  if (submission.status !== "success") return invalid(submission);
  const outcome = await requestPasswordReset({ email: submission.value.email, ip: context.get(clientIpContext) });
  if (!outcome.ok) return rejected(outcome, { title: "Error", submission });
  return done(null, { result: submission.reply({ resetForm: true }), message: RESET_LINK_SENT });
}

export async function loadResetPassword(request: Request) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, valid: await resetLinkIsValid(token), invalidMessage: RESET_LINK_INVALID };
}

export async function resetPasswordAction(request: Request) {
  const submission = parseWithZod(await request.formData(), { schema: resetPasswordSchema });
  if (submission.status !== "success") return invalid(submission, SECRETS);
  const outcome = await resetPassword({ token: submission.value.token, password: submission.value.password });
  if (!outcome.ok) return rejected(outcome, { title: "Error", submission, ...SECRETS });
  return redirectWithToast("/auth", {
    type: "success",
    title: "Password changed",
    description: "Sign in with your new password.",
  });
}
