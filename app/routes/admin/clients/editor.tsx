// /admin/clients/new and /admin/clients/:id/edit (one module, two route ids in
// routes.ts): the client form, empty or with the client, its history and who
// else has it open.
import { AlsoEditing } from "~/components/also-editing";
import { getClientForEdit, saveClient } from "~/domain/clients/clients.server";
import { ClientForm } from "~/domain/clients/components/client-form";
import { clientFormSchema } from "~/domain/clients/schema";
import { listContactChoices } from "~/domain/contacts/contacts.server";
import { HistoryPanel } from "~/domain/history/components/history-panel";
import { listIndustryTypeNames } from "~/domain/industry-types/industry-types.server";
import { recordEditor } from "~/routes/shared/record-editor.server";
import type { Route } from "./+types/editor";

const clientEditor = recordEditor({
  kind: "client",
  schema: clientFormSchema,
  find: getClientForEdit,
  choices: async () => {
    const [industryTypes, contacts] = await Promise.all([listIndustryTypeNames(), listContactChoices()]);
    return { industryTypes, contacts };
  },
  save: saveClient,
  list: "/admin/clients",
  done: { created: "Client created successfully", updated: "Client updated successfully" },
  failed: { created: "Error creating client", updated: "Error updating client" },
});

export const meta: Route.MetaFunction = ({ data, params }) => [
  { title: `${params.id ? (data?.record?.name ?? "Edit Client") : "New Client"} · Playfolio Admin` },
];

export function loader({ request, params }: Route.LoaderArgs) {
  return clientEditor.load(request, params.id);
}

export function action({ request, params }: Route.ActionArgs) {
  return clientEditor.act(request, params.id);
}

export default function ClientEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { record: client, industryTypes, contacts, history, presence } = loaderData;
  if (!client) return <ClientForm industryTypes={industryTypes} contacts={contacts} answer={actionData} />;
  return (
    <div className="space-y-8">
      {presence && <AlsoEditing presence={presence} noun="client" className="mx-auto max-w-3xl" />}
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
