import { contactEditorAction, loadContactEditor } from "~/domain/contacts/contact-editor.server";
import { ContactForm } from "~/domain/contacts/components/contact-form";
import type { Route } from "./+types/edit";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.contact?.name ?? "Edit Contact"} · Playfolio Admin` },
];

export function loader({ request, params }: Route.LoaderArgs) {
  return loadContactEditor(request, params.id);
}

export function action({ request, params }: Route.ActionArgs) {
  return contactEditorAction(request, params.id);
}

export default function EditContact({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ContactForm
      key={loaderData.contact!.id}
      contact={loaderData.contact!}
      clients={loaderData.clients}
      lastResult={actionData?.result}
      latestVersion={actionData?.version}
    />
  );
}
