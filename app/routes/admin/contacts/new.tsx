import { contactEditorAction, loadContactEditor } from "~/domain/contacts/contact-editor.server";
import { ContactForm } from "~/domain/contacts/components/contact-form";
import type { Route } from "./+types/new";

export const meta: Route.MetaFunction = () => [{ title: "New Contact · Playfolio Admin" }];

export function loader({ request }: Route.LoaderArgs) {
  return loadContactEditor(request);
}

export function action({ request }: Route.ActionArgs) {
  return contactEditorAction(request);
}

export default function NewContact({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ContactForm
      clients={loaderData.clients}
      preselectedClientId={loaderData.preselectedClientId}
      lastResult={actionData?.result}
    />
  );
}
