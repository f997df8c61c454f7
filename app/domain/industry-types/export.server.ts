// Industry types as CSV, for Export everything: all of them, by name.
import { asc } from "drizzle-orm";
import { db, schema } from "~/.server/db";
import { type CsvColumn, csvStream } from "~/.server/http/csv-response";
import { type ExportFile, inChunks } from "../export/chunks.server";

const { industryTypes } = schema;

const INDUSTRY_TYPE_CSV: CsvColumn<{ name: string; description: string | null }>[] = [
  { header: "Name", value: (r) => r.name },
  { header: "Description", value: (r) => r.description },
];

export const INDUSTRY_TYPES_FILE: ExportFile = {
  name: "industry-types.csv",
  body: () =>
    csvStream(
      INDUSTRY_TYPE_CSV,
      inChunks((limit, offset) =>
        db()
          .select({ name: industryTypes.name, description: industryTypes.description })
          .from(industryTypes)
          .orderBy(asc(industryTypes.name))
          .limit(limit)
          .offset(offset),
      ),
    ),
};
