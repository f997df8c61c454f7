// /admin/contracts/new and /admin/contracts/:id/edit (one module, two route ids
// in routes.ts): the contract form, empty or with the contract, its signing,
// its history and who else has it open.
import { AlsoEditing } from "~/components/also-editing";
import { useOwnSaveKey } from "~/components/changed-underneath";
import { ContractForm } from "~/domain/contracts/components/contract-form";
import { SigningCard } from "~/domain/contracts/signing/components/signing-card";
import { HistoryPanel } from "~/domain/history/components/history-panel";
import { recordPageReads } from "~/routes/shared/record-page.server";
import type { Route } from "./+types/editor";
import { contractEditorAction, loadContractToEdit, loadNewContract } from "./editor.server";

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `${params.id ? "Edit Contract" : "New Contract"} · Playfolio Admin` },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  if (!params.id) return { ...(await loadNewContract(request)), contract: null };
  const loaded = await loadContractToEdit(request, params.id);
  return { ...loaded, ...(await recordPageReads("contract", loaded.contract.id)) };
}

export function action({ request, params, context }: Route.ActionArgs) {
  return contractEditorAction(request, context, params.id);
}

export default function ContractEditor({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.contract) {
    return <ContractForm projects={loaderData.projects} projectId={loaderData.projectId} answer={actionData} />;
  }
  return <EditContract loaderData={loaderData} actionData={actionData} />;
}

type Editing = Extract<Route.ComponentProps["loaderData"], { history: unknown }>;

function EditContract({
  loaderData,
  actionData,
}: {
  loaderData: Editing;
  actionData: Route.ComponentProps["actionData"];
}) {
  const { contract, projects, signing, presence } = loaderData;
  const signingAnswer = actionData?.intent === "send" || actionData?.intent === "void" ? actionData : undefined;
  // Sending or voiding moves the contract: the form starts again from it (others' changes it only shows).
  const formKey = useOwnSaveKey(actionData, contract.version);
  return (
    <div className="grid gap-6">
      <AlsoEditing presence={presence} noun="contract" className="mx-auto w-full max-w-3xl" />
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
