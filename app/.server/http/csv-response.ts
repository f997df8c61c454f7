// A CSV download streamed as its rows are read (any size, little memory):
// csv-stringify writes the header and quotes, escapes cells a spreadsheet
// would run as a formula (=, +, -, @, tab, carriage return: a leading '), and
// starts with a byte-order mark so Excel reads UTF-8. A cell holding ";" is
// quoted too: a spreadsheet in a locale whose list separator is ";" splits the
// file there, and the text after an unquoted ";" would start a cell of its own
// (a formula, unescaped). The rules, cell by cell: csv-response.test.ts.
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

/**
 * `rows` with the first read already made. Once the 200 is sent, a failure can
 * only cut the download off (the browser sees a dropped connection); a failure
 * of the first read (a search the database refuses, the database gone) is still
 * the request's own, answered as every page answers it (route-errors.ts).
 */
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
  const day = new Date().toISOString().slice(0, 10);
  return new Response(Readable.toWeb(csvStream(columns, await firstRead(rows))) as ReadableStream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
