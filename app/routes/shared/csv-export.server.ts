// The loader behind every list's "Export CSV" (<list>/export): staff, the
// list's own search and filters from the URL (malformed values fall back to
// none, as on the list), and the rows streamed as CSV.
import type { z } from "zod";
import { requireStaff } from "~/.server/auth/access";
import { type CsvColumn, csvResponse } from "~/.server/http/csv-response";

export async function csvExport<Query, Row>(
  request: Request,
  options: {
    name: string;
    query: z.ZodType<Query>;
    columns: CsvColumn<Row>[];
    rows: (query: Query) => AsyncIterable<Row>;
  },
): Promise<Response> {
  await requireStaff(request);
  const query = options.query.parse(Object.fromEntries(new URL(request.url).searchParams));
  return csvResponse(options.name, options.columns, options.rows(query));
}
