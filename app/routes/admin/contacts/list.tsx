import { requireStaff } from "~/.server/auth/access";
import { deleteAction } from "~/routes/shared/delete-action.server";
import { ListScreen } from "~/components/list-screen";
import { ContactsTable } from "~/domain/contacts/components/contacts-table";
import { deleteContact, listContacts } from "~/domain/contacts/contacts.server";
import { pageFromSearchParams } from "~/lib/pagination";
import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = () => [{ title: "Contacts · Playfolio Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, 200);
  return { q, list: await listContacts({ q, page: pageFromSearchParams(params) }) };
}

export function action({ request }: Route.ActionArgs) {
  return deleteAction(request, deleteContact, { done: "Contact deleted", failed: "Error deleting contact" });
}

export default function ContactsPage({ loaderData }: Route.ComponentProps) {
  const { list, q } = loaderData;
  return (
    <ListScreen
      title="Contacts"
      description="The people you work with at each client"
      newItem={{ to: "/admin/contacts/new", label: "Add Contact" }}
      search={{ q, label: "Search contacts", placeholder: "Search contacts..." }}
      list={list}
      noun="contacts"
    >
      <ContactsTable rows={list.rows} />
    </ListScreen>
  );
}
