import { StatusFilter } from "~/components/list-filters";
import { ListScreen } from "~/components/list-screen";
import { InquiriesTable } from "~/domain/inquiries/components/inquiries-table";
import { INQUIRY_STATUS_LABELS, INQUIRY_STATUSES } from "~/domain/inquiries/schema";
import type { Route } from "./+types/list";
import { loadInquiryList } from "./list.server";

export const meta: Route.MetaFunction = () => [{ title: "Inquiries · Playfolio Admin" }];

export function loader({ request }: Route.LoaderArgs) {
  return loadInquiryList(request);
}

export default function InquiriesPage({ loaderData }: Route.ComponentProps) {
  const { list, q, status } = loaderData;
  return (
    <ListScreen
      exportTo="/admin/inquiries/export"
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
