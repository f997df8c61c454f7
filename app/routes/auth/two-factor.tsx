import { AuthPage } from "~/domain/users/components/auth-page";
import { TwoFactorCodeForm } from "~/domain/users/components/two-factor-code-form";
import type { Route } from "./+types/two-factor";
import { loadTwoFactorStep, twoFactorStepAction } from "./two-factor.server";

export const meta: Route.MetaFunction = () => [
  { title: "Two-factor sign-in · Playfolio" },
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export function loader({ request }: Route.LoaderArgs) {
  return loadTwoFactorStep(request);
}

export function action({ request, context }: Route.ActionArgs) {
  return twoFactorStepAction(request, context);
}

export default function TwoFactorPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AuthPage
      title="Two-factor sign-in"
      description={
        loaderData.recovery
          ? "Enter one of the recovery codes you saved when you set up two-factor sign-in. Each works once."
          : "Enter the 6-digit code from your authenticator app."
      }
    >
      <TwoFactorCodeForm
        key={String(loaderData.recovery)}
        recovery={loaderData.recovery}
        redirectTo={loaderData.redirectTo}
        lastResult={actionData?.result}
      />
    </AuthPage>
  );
}
