import { Form, redirect } from "react-router";
import { requireUser } from "~/.server/auth/access";
import { isStaffDomainEmail } from "~/.server/auth/staff-domain";
import { Button } from "~/ui/button";
import { AuthPage } from "~/domain/users/components/auth-page";
import type { Route } from "./+types/pending";

export const meta: Route.MetaFunction = () => [{ title: "Waiting for access · Playfolio" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  if (user.role !== "pending") throw redirect("/admin");
  // A staff-domain address gets access by following the link mailed to it, not from an admin.
  return { email: user.email, awaitingConfirmation: isStaffDomainEmail(user.email) && !user.emailVerified };
}

export default function PendingPage({ loaderData }: Route.ComponentProps) {
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
        {loaderData.awaitingConfirmation ? (
          <p className="text-sm text-muted-foreground">
            Confirm your email address to get staff access: follow the link we sent to {loaderData.email}. No mail? Sign
            up again with the same address to get a new link.
          </p>
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
