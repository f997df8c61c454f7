import { ContractForm } from "~/domain/contracts/components/contract-form";
import type { Route } from "./+types/new";
import { contractEditorAction, loadNewContract } from "./editor.server";

export const meta: Route.MetaFunction = () => [{ title: "New Contract · Playfolio Admin" }];

export function loader({ request }: Route.LoaderArgs) {
  return loadNewContract(request);
}

export function action({ request, context }: Route.ActionArgs) {
  return contractEditorAction(request, context);
}

export default function NewContract({ loaderData, actionData }: Route.ComponentProps) {
  return <ContractForm projects={loaderData.projects} projectId={loaderData.projectId} answer={actionData} />;
}
