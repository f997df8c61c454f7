import { Link } from "react-router";
import { AcceptInvitationForm } from "~/domain/users/components/accept-invitation-form";
import { AuthPage } from "~/domain/users/components/auth-page";
import type { Route } from "./+types/invitation";
import { invitationAction, loadInvitation } from "./invitation.server";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Join ${data?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

// The link carries a secret: never keep the page in a cache.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export function loader({ request }: Route.LoaderArgs) {
  return loadInvitation(request);
}

export function action({ request, context }: Route.ActionArgs) {
  return invitationAction(request, context);
}

export default function InvitationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { invitation } = loaderData;
  if (!invitation) {
    return (
      <AuthPage title="This invitation no longer works" description={loaderData.invalidMessage}>
        <p className="text-center text-sm">
          <Link to="/auth" className="underline underline-offset-4">
            Go to sign in
          </Link>
        </p>
      </AuthPage>
    );
  }
  const role = invitation.role === "admin" ? "an administrator" : "staff";
  return (
    <AuthPage
      title={`Join ${loaderData.siteName}`}
      description={
        <>
          {invitation.invitedBy ?? "An administrator"} invited{" "}
          <strong className="text-foreground">{invitation.email}</strong> to join as {role}. Choose your name and a
          password.
        </>
      }
    >
      <AcceptInvitationForm token={loaderData.token} siteName={loaderData.siteName} lastResult={actionData?.result} />
    </AuthPage>
  );
}
