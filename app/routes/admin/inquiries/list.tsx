import { StatusFilter } from "~/components/list-filters";
import { ListScreen } from "~/components/list-screen";
import { InquiriesTable } from "~/domain/inquiries/components/inquiries-table";
import { listInquiries } from "~/domain/inquiries/inquiries.server";
import { INQUIRY_STATUS_LABELS, INQUIRY_STATUSES, inquiryListQuerySchema } from "~/domain/inquiries/schema";
import { loadListPage } from "~/routes/shared/list-page.server";
import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = () => [{ title: "Inquiries · Playfolio Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  const page = await loadListPage(request, inquiryListQuerySchema, listInquiries);
  const rows = page.list.rows.map(({ createdAt, ...row }) => ({ ...row, received: createdAt.toISOString() }));
  return { ...page, list: { ...page.list, rows } };
}

export default function InquiriesPage({ loaderData }: Route.ComponentProps) {
  const { list, q, status } = loaderData;
  return (
    <ListScreen
      title="Inquiries"
      description="Requests from project and gallery pages, and how each is followed up"
      search={{ q, label: "Search inquiries", placeholder: "Search by name, organisation or project..." }}
      filters={
        <StatusFilter value={status} all="All statuses" statuses={INQUIRY_STATUSES} labels={INQUIRY_STATUS_LABELS} />
      }
      list={list}
      noun="inquiries"
    >
      <InquiriesTable rows={list.rows} />
    </ListScreen>
  );
}
