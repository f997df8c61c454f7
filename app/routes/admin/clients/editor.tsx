// /admin/clients/new and /admin/clients/:id/edit (one module, two route ids in
// routes.ts): the client form, empty or with the client, its history and who
// else has it open.
import { AlsoEditing } from "~/components/also-editing";
import { ClientForm } from "~/domain/clients/components/client-form";
import { HistoryPanel } from "~/domain/history/components/history-panel";
import { recordPageReads } from "~/routes/shared/record-page.server";
import type { Route } from "./+types/editor";
import { clientEditorAction, loadClientToEdit, loadNewClient } from "./editor.server";

export const meta: Route.MetaFunction = ({ data, params }) => [
  { title: `${params.id ? (data?.client?.name ?? "Edit Client") : "New Client"} · Playfolio Admin` },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  if (!params.id) return { ...(await loadNewClient(request)), client: null, history: [] };
  const loaded = await loadClientToEdit(request, params.id);
  return { ...loaded, ...(await recordPageReads("client", loaded.client.id)) };
}

export function action({ request, params }: Route.ActionArgs) {
  return clientEditorAction(request, params.id);
}

export default function ClientEditor({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.client) {
    return <ClientForm industryTypes={loaderData.industryTypes} contacts={loaderData.contacts} answer={actionData} />;
  }
  const { client, industryTypes, contacts, history, presence } = loaderData;
  return (
    <div className="space-y-8">
      <AlsoEditing presence={presence} noun="client" className="mx-auto max-w-3xl" />
      <ClientForm
        key={client.id}
        client={client}
        industryTypes={industryTypes}
        contacts={contacts}
        answer={actionData}
      />
      <HistoryPanel entries={history} className="max-w-3xl" />
    </div>
  );
}
