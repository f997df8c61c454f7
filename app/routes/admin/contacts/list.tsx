import { Plus } from "lucide-react";
import { Link } from "react-router";
import { requireStaff } from "~/.server/auth/access";
import { deleteAction } from "~/routes/shared/delete-action.server";
import { ListFilters } from "~/components/list-filters";
import { PageHeader } from "~/components/page-header";
import { ContactsTable } from "~/domain/contacts/components/contacts-table";
import { deleteContact, listContacts } from "~/domain/contacts/contacts.server";
import { pageFromSearchParams } from "~/lib/pagination";
import { Button } from "~/ui/button";
import { Pagination } from "~/ui/pagination";
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
    <div className="mx-auto grid max-w-6xl gap-6">
      <PageHeader title="Contacts" description="The people you work with at each client">
        <Button asChild>
          <Link to="/admin/contacts/new">
            <Plus aria-hidden="true" />
            Add Contact
          </Link>
        </Button>
      </PageHeader>
      <ListFilters q={q} searchLabel="Search contacts" placeholder="Search contacts..." />
      <ContactsTable rows={list.rows} />
      <Pagination page={list.page} pageCount={list.pageCount} total={list.total} noun="contacts" />
    </div>
  );
}
