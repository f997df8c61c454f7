import { ClientForm } from "~/domain/clients/components/client-form";
import type { Route } from "./+types/edit";
import { clientEditorAction, loadClientToEdit } from "./editor.server";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.client.name ?? "Edit Client"} · Playfolio Admin` },
];

export function loader({ request, params }: Route.LoaderArgs) {
  return loadClientToEdit(request, params.id);
}

export function action({ request, params }: Route.ActionArgs) {
  return clientEditorAction(request, params.id);
}

export default function EditClient({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ClientForm
      key={loaderData.client.id}
      client={loaderData.client}
      industryTypes={loaderData.industryTypes}
      contacts={loaderData.contacts}
      answer={actionData}
    />
  );
}
