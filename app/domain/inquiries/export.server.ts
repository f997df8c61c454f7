// Inquiries as CSV (/admin/inquiries/export): the list's search and status filter, all its rows, newest first.
import { desc, eq } from "drizzle-orm";
import { db, schema } from "~/.server/db";
import { type CsvColumn, csvStream } from "~/.server/http/csv-response";
import { type ExportFile, inChunks } from "../export/chunks.server";
import { inquiryFilters } from "./inquiries.server";
import { INQUIRY_STATUS_LABELS, type InquiryListQuery } from "./schema";

const { inquiries, user } = schema;

function readInquiries(query: InquiryListQuery, limit: number, offset: number) {
  return db()
    .select({
      received: inquiries.createdAt,
      name: inquiries.name,
      email: inquiries.email,
      phone: inquiries.phone,
      organisation: inquiries.organisation,
      status: inquiries.status,
      lostReason: inquiries.lostReason,
      owner: user.name,
      nextAction: inquiries.nextActionOn,
      source: inquiries.sourceTitle,
      message: inquiries.message,
    })
    .from(inquiries)
    .leftJoin(user, eq(user.id, inquiries.ownerId))
    .where(inquiryFilters(query))
    .orderBy(desc(inquiries.createdAt), desc(inquiries.id))
    .limit(limit)
    .offset(offset);
}

type Row = Awaited<ReturnType<typeof readInquiries>>[number];

export const INQUIRY_CSV: CsvColumn<Row>[] = [
  { header: "Received", value: (r) => r.received },
  { header: "Name", value: (r) => r.name },
  { header: "Email", value: (r) => r.email },
  { header: "Phone", value: (r) => r.phone },
  { header: "Organisation", value: (r) => r.organisation },
  { header: "Status", value: (r) => INQUIRY_STATUS_LABELS[r.status] },
  { header: "Lost reason", value: (r) => r.lostReason },
  { header: "Owner", value: (r) => r.owner },
  { header: "Next action", value: (r) => r.nextAction },
  { header: "Source", value: (r) => r.source },
  { header: "Message", value: (r) => r.message },
];

export function exportInquiries(query: InquiryListQuery) {
  return inChunks((limit, offset) => readInquiries(query, limit, offset));
}

/** Export everything's inquiries: all of them. */
export const INQUIRIES_FILE: ExportFile = {
  name: "inquiries.csv",
  body: () => csvStream(INQUIRY_CSV, exportInquiries({})),
};
