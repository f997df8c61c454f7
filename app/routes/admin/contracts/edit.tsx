import { ContractForm } from "~/domain/contracts/components/contract-form";
import { SigningCard } from "~/domain/contracts/signing/components/signing-card";
import type { Route } from "./+types/edit";
import { contractEditorAction, loadContractToEdit } from "./editor.server";

export const meta: Route.MetaFunction = () => [{ title: "Edit Contract · Playfolio Admin" }];

export function loader({ request, params }: Route.LoaderArgs) {
  return loadContractToEdit(request, params.id);
}

export function action({ request, params, context }: Route.ActionArgs) {
  return contractEditorAction(request, context, params.id);
}

export default function EditContract({ loaderData, actionData }: Route.ComponentProps) {
  const { contract, projects, signing } = loaderData;
  const signingAnswer = actionData?.intent === "send" || actionData?.intent === "void" ? actionData : undefined;
  return (
    <div className="grid gap-6">
      <ContractForm
        key={contract.id}
        contract={contract}
        projects={projects}
        answer={signingAnswer ? undefined : actionData}
      />
      <div className="mx-auto grid w-full max-w-3xl">
        <SigningCard
          status={contract.status}
          hasDocument={contract.document !== null}
          signing={signing}
          answer={signingAnswer}
        />
      </div>
    </div>
  );
}
