import { AlsoEditing } from "~/components/also-editing";
import { ClientForm } from "~/domain/clients/components/client-form";
import { HistoryPanel } from "~/domain/history/components/history-panel";
import { recordHistoryEntries } from "~/domain/history/history.server";
import type { Route } from "./+types/edit";
import { clientEditorAction, loadClientToEdit } from "./editor.server";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.client.name ?? "Edit Client"} · Playfolio Admin` },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const loaded = await loadClientToEdit(request, params.id);
  return { ...loaded, history: await recordHistoryEntries("client", loaded.client.id) };
}

export function action({ request, params }: Route.ActionArgs) {
  return clientEditorAction(request, params.id);
}

export default function EditClient({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="space-y-8">
      <AlsoEditing kind="client" id={loaderData.client.id} noun="client" className="mx-auto max-w-3xl" />
      <ClientForm
        key={loaderData.client.id}
        client={loaderData.client}
        industryTypes={loaderData.industryTypes}
        contacts={loaderData.contacts}
        answer={actionData}
      />
      <HistoryPanel entries={loaderData.history} className="max-w-3xl" />
    </div>
  );
}
