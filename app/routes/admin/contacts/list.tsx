import { deleteAction } from "~/routes/shared/delete-action.server";
import { ListScreen } from "~/components/list-screen";
import { ContactsTable } from "~/domain/contacts/components/contacts-table";
import { deleteContact } from "~/domain/contacts/contacts.server";
import type { Route } from "./+types/list";
import { loadContactList } from "./list.server";

export const meta: Route.MetaFunction = () => [{ title: "Contacts · Playfolio Admin" }];

export function loader({ request }: Route.LoaderArgs) {
  return loadContactList(request);
}

export function action({ request }: Route.ActionArgs) {
  return deleteAction(request, deleteContact, { done: "Contact deleted", failed: "Error deleting contact" });
}

export default function ContactsPage({ loaderData }: Route.ComponentProps) {
  const { list, q } = loaderData;
  return (
    <ListScreen
      exportTo="/admin/contacts/export"
      importable
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
