import type { ReactNode } from "react";
import { LogOut } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/ui/button";
import { Separator } from "~/ui/separator";
import { SidebarTrigger } from "~/ui/sidebar";

/** `notifications`: the bell and its menu, beside the account. */
export function TopBar({ email, notifications }: { email: string; notifications?: ReactNode }) {
  const navigation = useNavigation();
  const signingOut = navigation.state !== "idle" && navigation.formAction === "/auth/sign-out";
  return (
    <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b bg-background/95 px-4 backdrop-blur">
      <SidebarTrigger className="-ml-1" />
      <Separator orientation="vertical" className="mr-2 h-4" />
      <div className="ml-auto flex min-w-0 items-center gap-3">
        {notifications}
        <Link
          to="/admin/account"
          className="truncate text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
          title="Your account"
          aria-label={`Your account (${email})`}
        >
          {email}
        </Link>
        <Form method="post" action="/auth/sign-out">
          <Button type="submit" variant="outline" size="sm" disabled={signingOut}>
            <LogOut aria-hidden="true" />
            Sign Out
          </Button>
        </Form>
      </div>
    </header>
  );
}
