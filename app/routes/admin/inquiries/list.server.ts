import { listInquiries } from "~/domain/inquiries/inquiries.server";
import { inquiryListQuerySchema } from "~/domain/inquiries/schema";
import { loadListPage } from "~/routes/shared/list-page.server";

/** The inquiries list with its search and status filter; dates travel as ISO text. */
export async function loadInquiryList(request: Request) {
  const page = await loadListPage(request, inquiryListQuerySchema, listInquiries);
  const rows = page.list.rows.map(({ createdAt, ...row }) => ({ ...row, received: createdAt.toISOString() }));
  return { ...page, list: { ...page.list, rows } };
}
