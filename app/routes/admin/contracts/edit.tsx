import { AlsoEditing } from "~/components/also-editing";
import { useOwnSaveKey } from "~/components/changed-underneath";
import { ContractForm } from "~/domain/contracts/components/contract-form";
import { HistoryPanel } from "~/domain/history/components/history-panel";
import { recordHistoryEntries } from "~/domain/history/history.server";
import { SigningCard } from "~/domain/contracts/signing/components/signing-card";
import type { Route } from "./+types/edit";
import { contractEditorAction, loadContractToEdit } from "./editor.server";

export const meta: Route.MetaFunction = () => [{ title: "Edit Contract · Playfolio Admin" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const loaded = await loadContractToEdit(request, params.id);
  return { ...loaded, history: await recordHistoryEntries("contract", loaded.contract.id) };
}

export function action({ request, params, context }: Route.ActionArgs) {
  return contractEditorAction(request, context, params.id);
}

export default function EditContract({ loaderData, actionData }: Route.ComponentProps) {
  const { contract, projects, signing } = loaderData;
  const signingAnswer = actionData?.intent === "send" || actionData?.intent === "void" ? actionData : undefined;
  // Sending or voiding moves the contract: the form starts again from it (others' changes it only shows).
  const formKey = useOwnSaveKey(actionData, contract.version);
  return (
    <div className="grid gap-6">
      <AlsoEditing kind="contract" id={contract.id} noun="contract" className="mx-auto w-full max-w-3xl" />
      <ContractForm
        key={`${contract.id}:${formKey}`}
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
      <HistoryPanel entries={loaderData.history} className="max-w-3xl" />
    </div>
  );
}
