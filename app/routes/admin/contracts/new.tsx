import { ContractForm } from "~/domain/contracts/components/contract-form";
import { contractEditorAction, loadContractEditor } from "~/domain/contracts/contract-editor.server";
import type { Route } from "./+types/new";

export const meta: Route.MetaFunction = () => [{ title: "New Contract · Playfolio Admin" }];

export function loader({ request }: Route.LoaderArgs) {
  return loadContractEditor(request);
}

export function action({ request }: Route.ActionArgs) {
  return contractEditorAction(request);
}

export default function NewContract({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ContractForm projects={loaderData.projects} projectId={loaderData.projectId} lastResult={actionData?.result} />
  );
}
