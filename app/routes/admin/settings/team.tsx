import { Link } from "react-router";
import { TeamActivity } from "~/domain/audit/components/team-activity";
import { Invitations } from "~/domain/users/components/invitations";
import { TeamTable } from "~/domain/users/components/team-table";
import { TwoFactorRequirement } from "~/domain/users/components/two-factor-requirement";
import type { Route } from "./+types/team";
import { loadTeam, teamAction } from "./team.server";

export const meta: Route.MetaFunction = () => [{ title: "Team · Playfolio Admin" }];

export function loader({ request }: Route.LoaderArgs) {
  return loadTeam(request);
}

export function action({ request }: Route.ActionArgs) {
  return teamAction(request);
}

function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <section className="grid gap-4" aria-labelledby={id}>
      <div>
        <h2 id={id} className="text-xl font-semibold">
          {title}
        </h2>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {children}
    </section>
  );
}

export default function TeamPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="grid gap-8">
      <Section
        id="team-heading"
        title="Team"
        description="New accounts wait here until you grant them staff access. Staff can use the whole portal; administrators can also manage this list. A disabled account is signed out at once and cannot sign in; what it made keeps its name."
      >
        <TeamTable accounts={loaderData.accounts} meId={loaderData.meId} />
      </Section>
      <Section
        id="invitations-heading"
        title="Invitations"
        description="Invite a colleague by email with a role. The link works once, for 7 days; following it confirms the address."
      >
        <Invitations invitations={loaderData.invitations} />
      </Section>
      <Section
        id="two-factor-heading"
        title="Two-factor sign-in"
        description="A code from an authenticator app after the password. Require it for every staff account here."
      >
        <TwoFactorRequirement required={loaderData.twoFactorRequired} />
      </Section>
      <Section
        id="activity-heading"
        title="Activity"
        description="Every change to an account: who made it, and when, newest first."
      >
        <TeamActivity list={loaderData.activity} query={loaderData.activityQuery} people={loaderData.people} />
        {/* The same trail is the accounts' filter of every record's activity (issue 30). */}
        <Link to="/admin/activity?kind=account" className="text-sm font-medium underline-offset-4 hover:underline">
          All account activity, with filters and pages
        </Link>
      </Section>
    </div>
  );
}
