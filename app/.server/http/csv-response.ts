// A CSV download streamed as its rows are read: csv-stringify quotes, escapes formula cells (=, +, -, @,
// tab, CR) and writes a BOM; ";" is quoted too, for locales that split on it (csv-response.test.ts).
import { Readable } from "node:stream";
import { stringify } from "csv-stringify";

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number | boolean | Date | null | undefined;
}

function cell(value: ReturnType<CsvColumn<never>["value"]>): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "boolean") return value ? "yes" : "no";
  return String(value);
}

/** The CSV text of `rows` as a stream (what the response sends; tests read it whole). */
export function csvStream<Row>(columns: CsvColumn<Row>[], rows: AsyncIterable<Row>): Readable {
  const stringifier = stringify({
    bom: true,
    escape_formulas: true,
    quoted_match: [";"],
    header: true,
    columns: columns.map((c) => c.header),
  });
  const records = Readable.from(
    (async function* () {
      for await (const row of rows) yield columns.map((column) => cell(column.value(row)));
    })(),
  );
  records.on("error", (error) => stringifier.destroy(error));
  return records.pipe(stringifier);
}

/** `rows` with the first read made: once the 200 is sent a failure only cuts the download, so it fails before. */
async function firstRead<Row>(rows: AsyncIterable<Row>): Promise<AsyncIterable<Row>> {
  const iterator = rows[Symbol.asyncIterator]();
  const first = await iterator.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    // Delegated, so a download the browser abandons ends the reading too.
    yield* { [Symbol.asyncIterator]: () => iterator };
  })();
}

/** A download named `<name>-<yyyy-mm-dd>.csv`, private to whoever asked. */
export async function csvResponse<Row>(
  name: string,
  columns: CsvColumn<Row>[],
  rows: AsyncIterable<Row>,
): Promise<Response> {
  return downloadResponse(csvStream(columns, await firstRead(rows)), name, "csv", "text/csv; charset=utf-8");
}

/** A private download of `stream` named `<name>-<yyyy-mm-dd>.<ext>`. */
export function downloadResponse(stream: Readable, name: string, ext: string, type: string): Response {
  const day = new Date().toISOString().slice(0, 10);
  return new Response(Readable.toWeb(stream) as ReadableStream, {
    headers: {
      "Content-Type": type,
      "Content-Disposition": `attachment; filename="${name}-${day}.${ext}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
