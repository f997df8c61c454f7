import { ContractForm } from "~/domain/contracts/components/contract-form";
import type { Route } from "./+types/edit";
import { contractEditorAction, loadContractToEdit } from "./editor.server";

export const meta: Route.MetaFunction = () => [{ title: "Edit Contract · Playfolio Admin" }];

export function loader({ request, params }: Route.LoaderArgs) {
  return loadContractToEdit(request, params.id);
}

export function action({ request, params }: Route.ActionArgs) {
  return contractEditorAction(request, params.id);
}

export default function EditContract({ loaderData, actionData }: Route.ComponentProps) {
  const { contract, projects } = loaderData;
  return <ContractForm key={contract.id} contract={contract} projects={projects} answer={actionData} />;
}
