import { AlsoEditing } from "~/components/also-editing";
import { useOwnSaveKey } from "~/components/changed-underneath";
import { ContactForm } from "~/domain/contacts/components/contact-form";
import { HistoryPanel } from "~/domain/history/components/history-panel";
import { recordHistoryEntries } from "~/domain/history/history.server";
import { PortalAccessCard } from "~/domain/portal/components/portal-access-card";
import type { Route } from "./+types/edit";
import { contactEditorAction, loadContactToEdit } from "./editor.server";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.contact.name ?? "Edit Contact"} · Playfolio Admin` },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const loaded = await loadContactToEdit(request, params.id);
  return { ...loaded, history: await recordHistoryEntries("contact", loaded.contact.id) };
}

export function action({ request, params }: Route.ActionArgs) {
  return contactEditorAction(request, params.id);
}

export default function EditContact({ loaderData, actionData }: Route.ComponentProps) {
  const portalAnswer = actionData?.intent?.startsWith("portal-") ? actionData : undefined;
  // Portal access may move the contact: the form starts again from it (others' changes it only shows).
  const formKey = useOwnSaveKey(actionData, loaderData.contact.version);
  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <AlsoEditing kind="contact" id={loaderData.contact.id} noun="contact" />
      <ContactForm
        key={`${loaderData.contact.id}:${formKey}`}
        contact={loaderData.contact}
        clients={loaderData.clients}
        answer={portalAnswer ? undefined : actionData}
      />
      <PortalAccessCard contact={loaderData.contact} answer={portalAnswer} />
      <HistoryPanel entries={loaderData.history} />
    </div>
  );
}
