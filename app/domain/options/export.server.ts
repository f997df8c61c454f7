// Playground options as CSV, for Export everything: all of them, by name, each image by its
// path in the archive.
import { asc } from "drizzle-orm";
import { db, schema } from "~/.server/db";
import { type CsvColumn, csvStream } from "~/.server/http/csv-response";
import { type ExportFile, inChunks } from "../export/chunks.server";

const { playgroundOptions } = schema;

const OPTION_CSV: CsvColumn<typeof playgroundOptions.$inferSelect>[] = [
  { header: "Option Name", value: (r) => r.optionName },
  { header: "Category", value: (r) => r.optionCategory },
  { header: "Description", value: (r) => r.description },
  { header: "Image", value: (r) => (r.imageKey ? `media/${r.imageKey}` : null) },
];

export const OPTIONS_FILE: ExportFile = {
  name: "playground-options.csv",
  body: () =>
    csvStream(
      OPTION_CSV,
      inChunks((limit, offset) =>
        db().select().from(playgroundOptions).orderBy(asc(playgroundOptions.optionName)).limit(limit).offset(offset),
      ),
    ),
};
