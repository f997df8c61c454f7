import { ClientForm } from "~/domain/clients/components/client-form";
import type { Route } from "./+types/new";
import { clientEditorAction, loadNewClient } from "./editor.server";

export const meta: Route.MetaFunction = () => [{ title: "New Client · Playfolio Admin" }];

export function loader({ request }: Route.LoaderArgs) {
  return loadNewClient(request);
}

export function action({ request }: Route.ActionArgs) {
  return clientEditorAction(request);
}

export default function NewClient({ loaderData, actionData }: Route.ComponentProps) {
  return <ClientForm industryTypes={loaderData.industryTypes} contacts={loaderData.contacts} answer={actionData} />;
}
