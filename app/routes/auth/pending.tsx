import { Form } from "react-router";
import { AuthPage, StatusNote } from "~/domain/users/components/auth-page";
import { Button } from "~/ui/button";
import type { Route } from "./+types/pending";
import { loadPending, pendingAction } from "./pending.server";

export const meta: Route.MetaFunction = () => [{ title: "Waiting for access · Playfolio" }];

export function loader({ request }: Route.LoaderArgs) {
  return loadPending(request);
}

export function action({ request }: Route.ActionArgs) {
  return pendingAction(request);
}

export default function PendingPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AuthPage
      title="Waiting for access"
      description={
        <>
          You are signed in as <strong className="text-foreground">{loaderData.email}</strong>.
        </>
      }
    >
      <div className="grid gap-4 text-center">
        {actionData?.message ? <StatusNote>{actionData.message}</StatusNote> : null}
        {loaderData.awaitingConfirmation ? (
          <>
            <p className="text-sm text-muted-foreground">
              Confirm your email address to get staff access: follow the link we sent to {loaderData.email}.
            </p>
            <Form method="post">
              <input type="hidden" name="intent" value="resend-confirmation" />
              <Button type="submit" variant="link">
                No mail? Send the link again
              </Button>
            </Form>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">
            An administrator has to grant your account staff access before you can open the admin portal. Ask them to
            open Settings → Team; this page works as soon as they do.
          </p>
        )}
        <div className="flex justify-center gap-2">
          <Button asChild variant="outline">
            <a href="/">Project Library</a>
          </Button>
          <Form method="post" action="/auth/sign-out">
            <Button type="submit">Sign Out</Button>
          </Form>
        </div>
      </div>
    </AuthPage>
  );
}
