import { Link } from "react-router";
import { AuthPage, StatusNote } from "~/domain/users/components/auth-page";
import { ForgotPasswordForm } from "~/domain/users/components/forgot-password-form";
import type { Route } from "./+types/forgot-password";
import { forgotPasswordAction } from "./password-reset.server";

export const meta: Route.MetaFunction = () => [
  { title: "Forgot password · Playfolio" },
  { name: "robots", content: "noindex" },
];

export function action({ request, context }: Route.ActionArgs) {
  return forgotPasswordAction(request, context);
}

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  return (
    <AuthPage
      title="Forgot your password?"
      description="Enter the email address of your account and we'll send you a link to choose a new password."
    >
      {actionData?.ok ? <StatusNote>{actionData.message}</StatusNote> : null}
      <ForgotPasswordForm lastResult={actionData?.result} />
      <p className="text-center text-sm">
        <Link to="/auth" className="underline underline-offset-4">
          Back to sign in
        </Link>
      </p>
    </AuthPage>
  );
}
