// The glue of /auth/forgot-password and /auth/reset-password (anyone may use them).
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { clientIpContext } from "~/.server/http/request-context";
import { redirectWithToast, toastHeaders } from "~/.server/toast";
import {
  RESET_LINK_INVALID,
  RESET_LINK_SENT,
  requestPasswordReset,
  resetLinkIsValid,
  resetPassword,
} from "~/domain/users/password-reset.server";
import { forgotPasswordSchema, resetPasswordSchema } from "~/domain/users/schema";

export async function forgotPasswordAction(request: Request, context: Readonly<RouterContextProvider>) {
  const submission = parseWithZod(await request.formData(), { schema: forgotPasswordSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), sent: undefined }, { status: 400 });
  const outcome = await requestPasswordReset({ email: submission.value.email, ip: context.get(clientIpContext) });
  if (!outcome.ok) {
    return data(
      { result: submission.reply({ formErrors: [outcome.message] }), sent: undefined },
      {
        status: outcome.status,
        headers: await toastHeaders({ type: "error", title: "Error", description: outcome.message }),
      },
    );
  }
  return data({ result: submission.reply({ resetForm: true }), sent: RESET_LINK_SENT });
}

export async function loadResetPassword(request: Request) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, valid: await resetLinkIsValid(token), invalidMessage: RESET_LINK_INVALID };
}

export async function resetPasswordAction(request: Request) {
  const submission = parseWithZod(await request.formData(), { schema: resetPasswordSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password", "confirmPassword"] }) }, { status: 400 });
  }
  const outcome = await resetPassword({ token: submission.value.token, password: submission.value.password });
  if (!outcome.ok) {
    return data(
      { result: submission.reply({ formErrors: [outcome.message], hideFields: ["password", "confirmPassword"] }) },
      {
        status: outcome.status,
        headers: await toastHeaders({ type: "error", title: "Error", description: outcome.message }),
      },
    );
  }
  return redirectWithToast("/auth", {
    type: "success",
    title: "Password changed",
    description: "Sign in with your new password.",
  });
}
