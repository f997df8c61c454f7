import { Form, redirect } from "react-router";
import { PORTAL_PATH, requireUser } from "~/.server/auth/access";
import { AuthPage, StatusNote } from "~/domain/users/components/auth-page";
import { awaitsConfirmation, resendConfirmationLink } from "~/domain/users/confirmation.server";
import { Button } from "~/ui/button";
import { done, invalid, rejected } from "~/routes/shared/answers.server";
import type { Route } from "./+types/pending";

export const meta: Route.MetaFunction = () => [{ title: "Waiting for access · Playfolio" }];

async function requirePending(request: Request) {
  const user = await requireUser(request);
  if (user.role !== "pending") throw redirect(user.role === "client" ? PORTAL_PATH : "/admin");
  return user;
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePending(request);
  // A staff-domain address gets access by following the link mailed to it, not from an admin.
  return { email: user.email, awaitingConfirmation: awaitsConfirmation(user) };
}

const CHECK_EMAIL = "We sent you a confirmation link. Please check your inbox.";

export async function action({ request }: Route.ActionArgs) {
  const user = await requirePending(request);
  if ((await request.formData()).get("intent") !== "resend-confirmation") {
    const message = "That request was not valid.";
    return invalid(null, { message, toast: { type: "error", title: "Error", description: message } });
  }
  const outcome = await resendConfirmationLink(request.headers, user);
  if (!outcome.ok) return rejected(outcome, { title: "Error" });
  return done({ type: "success", title: "Check your email", description: CHECK_EMAIL }, { message: CHECK_EMAIL });
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
