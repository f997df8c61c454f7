// /admin/proposals/new (?inquiry=<id> from an inquiry's page).
import { NewProposalForm } from "~/domain/proposals/components/new-proposal-form";
import type { Route } from "./+types/new";
import { loadNewProposal, newProposalAction } from "./new.server";

export const meta: Route.MetaFunction = () => [{ title: "New Proposal · Playfolio Admin" }];

export function loader({ request }: Route.LoaderArgs) {
  return loadNewProposal(request);
}

export function action({ request }: Route.ActionArgs) {
  return newProposalAction(request);
}

export default function NewProposalRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <NewProposalForm choices={loaderData} answer={actionData} />;
}
