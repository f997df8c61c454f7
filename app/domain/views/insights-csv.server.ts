// Each table of /admin/insights as CSV (the Export CSV links beside them).
import type { CsvColumn } from "~/.server/http/csv-response";
import { conversion, type Insights, type PageFigures } from "./insights";
import type { InsightTable } from "./schema";

type Row = Record<string, string | number | null>;

const pageColumns = (name: string): CsvColumn<PageFigures>[] => [
  { header: name, value: (r) => r.title },
  { header: "Views", value: (r) => r.views },
  { header: "Visitors", value: (r) => r.visitors },
  { header: "Inquiries", value: (r) => r.inquiries },
  { header: "Conversion (%)", value: (r) => conversion(r.inquiries, r.views) },
];

/** The columns and rows of one of the insights' tables. */
export function insightsCsv(table: InsightTable, insights: Insights): { columns: CsvColumn<Row>[]; rows: Row[] } {
  const as = <T>(columns: CsvColumn<T>[], rows: T[]) =>
    ({ columns, rows }) as unknown as { columns: CsvColumn<Row>[]; rows: Row[] };
  switch (table) {
    case "days":
      return as(
        [
          { header: "Day", value: (r) => r.day },
          { header: "Views", value: (r) => r.views },
          { header: "Visitors", value: (r) => r.visitors },
          { header: "Inquiries", value: (r) => r.inquiries },
        ],
        insights.days,
      );
    case "projects":
      return as(pageColumns("Project"), insights.projects);
    case "galleries":
      return as(pageColumns("Gallery"), insights.galleries);
    case "sites":
      return as(
        [
          { header: "Embedding site", value: (r) => r.origin },
          { header: "Views", value: (r) => r.views },
          { header: "Inquiries", value: (r) => r.inquiries },
          { header: "Conversion (%)", value: (r) => conversion(r.inquiries, r.views) },
        ],
        insights.sites,
      );
    case "sources":
      return as(
        [
          { header: "Source", value: (r) => r.source },
          { header: "Inquiries", value: (r) => r.inquiries },
        ],
        insights.sources,
      );
  }
}
