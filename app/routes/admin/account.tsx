import { PageHeader } from "~/components/page-header";
import { EmailForm, NameForm, PasswordForm } from "~/domain/users/components/account-forms";
import { SessionList } from "~/domain/users/components/session-list";
import { TwoFactorCard } from "~/domain/users/components/two-factor-card";
import type { Route } from "./+types/account";
import { accountAction, loadAccount } from "./account.server";

export const meta: Route.MetaFunction = () => [{ title: "Your Account · Playfolio Admin" }];

export function loader({ request }: Route.LoaderArgs) {
  return loadAccount(request);
}

export function action({ request }: Route.ActionArgs) {
  return accountAction(request);
}

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <PageHeader
        title="Your Account"
        description="Your name, email, password, two-factor sign-in and where you are signed in."
      />
      <NameForm name={loaderData.name} />
      <EmailForm email={loaderData.email} />
      <PasswordForm />
      <TwoFactorCard enabled={loaderData.twoFactorEnabled} required={loaderData.twoFactorRequired} />
      <SessionList sessions={loaderData.sessions} />
    </div>
  );
}
