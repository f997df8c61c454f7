import { TeamTable } from "~/domain/users/components/team-table";
import type { Route } from "./+types/team";
import { loadTeam, teamAction } from "./team.server";

export const meta: Route.MetaFunction = () => [{ title: "Team · Playfolio Admin" }];

export function loader({ request }: Route.LoaderArgs) {
  return loadTeam(request);
}

export function action({ request }: Route.ActionArgs) {
  return teamAction(request);
}

export default function TeamPage({ loaderData }: Route.ComponentProps) {
  return (
    <section className="grid gap-4">
      <div>
        <h2 className="text-xl font-semibold">Team</h2>
        <p className="text-sm text-muted-foreground">
          New accounts wait here until you grant them staff access. Staff can use the whole portal; administrators can
          also manage this list.
        </p>
      </div>
      <TeamTable accounts={loaderData.accounts} meId={loaderData.meId} />
    </section>
  );
}
