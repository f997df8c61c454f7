import { Link } from "react-router";
import { AuthPage } from "~/domain/users/components/auth-page";
import { ResetPasswordForm } from "~/domain/users/components/reset-password-form";
import type { Route } from "./+types/reset-password";
import { loadResetPassword, resetPasswordAction } from "./password-reset.server";

export const meta: Route.MetaFunction = () => [
  { title: "Choose a new password · Playfolio" },
  { name: "robots", content: "noindex" },
];

// The link carries a secret: never keep the page in a cache.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export function loader({ request }: Route.LoaderArgs) {
  return loadResetPassword(request);
}

export function action({ request }: Route.ActionArgs) {
  return resetPasswordAction(request);
}

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.valid) {
    return (
      <AuthPage title="This link no longer works" description={loaderData.invalidMessage}>
        <p className="text-center text-sm">
          <Link to="/auth/forgot-password" className="underline underline-offset-4">
            Ask for a new link
          </Link>
        </p>
      </AuthPage>
    );
  }
  return (
    <AuthPage
      title="Choose a new password"
      description="Setting a new password signs you out on every device; then sign in with it."
    >
      <ResetPasswordForm token={loaderData.token} lastResult={actionData?.result} />
    </AuthPage>
  );
}
