import { AuthCard } from "~/domain/users/components/auth-card";
import type { Route } from "./+types/auth";
import { authAction, loadAuthPage } from "./auth.server";

export const meta: Route.MetaFunction = () => [
  { title: "Sign in · Playfolio" },
  { name: "description", content: "Staff sign-in for the Playfolio project library." },
  { name: "robots", content: "noindex" },
];

export function loader({ request }: Route.LoaderArgs) {
  return loadAuthPage(request);
}

export function action({ request, context }: Route.ActionArgs) {
  return authAction(request, context);
}

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main className="flex min-h-svh items-center justify-center bg-muted/40 p-4">
      <AuthCard
        redirectTo={loaderData.redirectTo}
        emailVerificationRequired={loaderData.emailVerificationRequired}
        lastIntent={actionData?.intent}
        lastResult={actionData?.result}
        checkEmail={actionData?.ok ? actionData.checkEmail : undefined}
      />
    </main>
  );
}
