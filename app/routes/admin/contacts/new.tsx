import { ContactForm } from "~/domain/contacts/components/contact-form";
import type { Route } from "./+types/new";
import { contactEditorAction, loadNewContact } from "./editor.server";

export const meta: Route.MetaFunction = () => [{ title: "New Contact · Playfolio Admin" }];

export function loader({ request }: Route.LoaderArgs) {
  return loadNewContact(request);
}

export function action({ request }: Route.ActionArgs) {
  return contactEditorAction(request);
}

export default function NewContact({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ContactForm
      clients={loaderData.clients}
      preselectedClientId={loaderData.preselectedClientId}
      answer={actionData}
    />
  );
}
