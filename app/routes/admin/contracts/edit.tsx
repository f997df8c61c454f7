import { ContractForm } from "~/domain/contracts/components/contract-form";
import { contractEditorAction, loadContractEditor } from "~/domain/contracts/contract-editor.server";
import type { Route } from "./+types/edit";

export const meta: Route.MetaFunction = () => [{ title: "Edit Contract · Playfolio Admin" }];

export function loader({ request, params }: Route.LoaderArgs) {
  return loadContractEditor(request, params.id);
}

export function action({ request, params }: Route.ActionArgs) {
  return contractEditorAction(request, params.id);
}

export default function EditContract({ loaderData, actionData }: Route.ComponentProps) {
  const contract = loaderData.contract!;
  return (
    <ContractForm
      key={contract.id}
      contract={contract}
      projects={loaderData.projects}
      lastResult={actionData?.result}
      latestVersion={actionData?.version}
    />
  );
}
