// GET /admin/inquiries/export: the inquiries list as CSV, with its search and status filter.
import { exportInquiries, INQUIRY_CSV } from "~/domain/inquiries/export.server";
import { inquiryListQuerySchema } from "~/domain/inquiries/schema";
import { csvExport } from "~/routes/shared/csv-export.server";
import type { Route } from "./+types/export";

export function loader({ request }: Route.LoaderArgs) {
  return csvExport(request, {
    name: "inquiries",
    query: inquiryListQuerySchema,
    columns: INQUIRY_CSV,
    rows: exportInquiries,
  });
}
