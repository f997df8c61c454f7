import { Form, Link } from "react-router";
import { AuthPage } from "~/domain/users/components/auth-page";
import { EnrolConfirm, EnrolPasswordForm } from "~/domain/users/components/two-factor-setup";
import { Button } from "~/ui/button";
import type { Route } from "./+types/two-factor-setup";
import { loadTwoFactorSetup, twoFactorSetupAction } from "./two-factor.server";

export const meta: Route.MetaFunction = () => [
  { title: "Set up two-factor sign-in · Playfolio" },
  { name: "robots", content: "noindex" },
];

export function loader({ request }: Route.LoaderArgs) {
  return loadTwoFactorSetup(request);
}

export function action({ request }: Route.ActionArgs) {
  return twoFactorSetupAction(request);
}

export default function TwoFactorSetupPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.enabled) {
    return (
      <AuthPage title="Two-factor sign-in is on" description="Signing in asks for a code from your authenticator app.">
        <Button asChild>
          <Link to="/admin/account">Back to Your Account</Link>
        </Button>
      </AuthPage>
    );
  }
  const enrolment = actionData?.ok ? actionData.enrolment : undefined;
  return (
    <AuthPage
      title="Set up two-factor sign-in"
      description={
        loaderData.required
          ? "Your team requires a second step when you sign in: a code from an authenticator app on your phone. Set it up to continue."
          : "Signing in will also ask for a code from an authenticator app on your phone."
      }
    >
      {enrolment ? (
        <EnrolConfirm qrSvg={enrolment.qrSvg} secret={enrolment.secret} recoveryCodes={enrolment.recoveryCodes} />
      ) : (
        <>
          <p className="text-sm text-muted-foreground">First, confirm it is you.</p>
          <EnrolPasswordForm lastResult={actionData?.result} />
        </>
      )}
      <div className="flex justify-center gap-4 text-sm">
        {loaderData.required ? null : (
          <Link to="/admin/account" className="underline underline-offset-4">
            Not now
          </Link>
        )}
        <Form method="post" action="/auth/sign-out">
          <button type="submit" className="underline underline-offset-4">
            Sign out
          </button>
        </Form>
      </div>
    </AuthPage>
  );
}
