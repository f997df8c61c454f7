// /admin/contacts/new and /admin/contacts/:id/edit (one module, two route ids
// in routes.ts): the contact form, empty or with the contact, its portal
// access, its history and who else has it open.
import { AlsoEditing } from "~/components/also-editing";
import { useOwnSaveKey } from "~/components/changed-underneath";
import { ContactForm } from "~/domain/contacts/components/contact-form";
import { HistoryPanel } from "~/domain/history/components/history-panel";
import { recordPageReads } from "~/routes/shared/record-page.server";
import { PortalAccessCard } from "~/domain/portal/components/portal-access-card";
import type { Route } from "./+types/editor";
import { contactEditorAction, loadContactToEdit, loadNewContact } from "./editor.server";

export const meta: Route.MetaFunction = ({ data, params }) => [
  { title: `${params.id ? (data?.contact?.name ?? "Edit Contact") : "New Contact"} · Playfolio Admin` },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  if (!params.id) return { ...(await loadNewContact(request)), contact: null };
  const loaded = await loadContactToEdit(request, params.id);
  return { ...loaded, ...(await recordPageReads("contact", loaded.contact.id)) };
}

export function action({ request, params }: Route.ActionArgs) {
  return contactEditorAction(request, params.id);
}

export default function ContactEditor({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.contact) {
    return (
      <ContactForm
        clients={loaderData.clients}
        preselectedClientId={loaderData.preselectedClientId}
        answer={actionData}
      />
    );
  }
  return <EditContact loaderData={loaderData} actionData={actionData} />;
}

type Editing = Extract<Route.ComponentProps["loaderData"], { history: unknown }>;

function EditContact({
  loaderData,
  actionData,
}: {
  loaderData: Editing;
  actionData: Route.ComponentProps["actionData"];
}) {
  const portalAnswer = actionData?.intent?.startsWith("portal-") ? actionData : undefined;
  // Portal access may move the contact: the form starts again from it (others' changes it only shows).
  const formKey = useOwnSaveKey(actionData, loaderData.contact.version);
  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <AlsoEditing presence={loaderData.presence} noun="contact" />
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
