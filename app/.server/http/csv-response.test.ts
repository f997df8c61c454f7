// The cell rules of every CSV download, cell by cell: a cell a spreadsheet would
// run as a formula gets a leading ', and a cell holding what splits cells or
// lines (",", ";", '"', a line break) is quoted, so a spreadsheet that splits
// on semicolons (Excel in much of Europe) cannot see a formula start inside it.
import { buffer } from "node:stream/consumers";
import { parse } from "csv-parse/sync";
import { describe, expect, test } from "vitest";
import { csvStream } from "./csv-response";

const FORMULA_STARTS = ["=", "+", "-", "@", "\t", "\r", "\uFF1D", "\uFF0B", "\uFF0D", "\uFF20"];
const SPLITTERS = [";", ",", '"', "\n", "\r\n", "\r"];

async function written(cells: string[]): Promise<string> {
  const columns = cells.map((_, i) => ({ header: `C${i}`, value: (row: string[]) => row[i] }));
  const text = (
    await buffer(
      csvStream(
        columns,
        (async function* () {
          yield cells;
        })(),
      ),
    )
  ).toString("utf8");
  return text
    .replace(/^\uFEFF/, "")
    .split("\n")
    .slice(1)
    .join("\n")
    .replace(/\n$/, "");
}

/**
 * A spreadsheet's split of a line on `delimiter`: a quote opens and closes a
 * quoted stretch anywhere in a cell (what Excel and LibreOffice do), `""` in one
 * is a quote.
 */
function splitAs(line: string, delimiter: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (char === '"') {
      if (quoted && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else quoted = !quoted;
    } else if (char === delimiter && !quoted) {
      cells.push(cell);
      cell = "";
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}

describe("CSV cells", () => {
  test.each(FORMULA_STARTS.map((start) => [JSON.stringify(start), start]))(
    "a cell starting with %s gets a leading ' and reads back as written with it",
    async (_, start) => {
      for (const rest of ["1+1", "cmd|' /C calc'!A0", "SUM(A1:A9)", ""]) {
        const value = `${start}${rest}`;
        const [row] = parse(await written([value]), { relax_column_count: true }) as string[][];
        expect(row).toEqual([`'${value}`]);
      }
    },
  );

  test.each(SPLITTERS.map((splitter) => [JSON.stringify(splitter), splitter]))(
    "a cell holding %s is quoted, and a formula after it (or before it) is escaped or inside the quotes",
    async (_, splitter) => {
      for (const value of [`a${splitter}b`, `a${splitter}=1+1`, `${splitter}=cmd|' /C calc'!A0`, `=1${splitter}2`]) {
        const line = await written(["x", value, "y"]);
        expect(line, value).toContain(`,"`);
        const [row] = parse(line) as string[][];
        const escaped = FORMULA_STARTS.some((start) => value.startsWith(start));
        expect(row, value).toEqual(["x", escaped ? `'${value}` : value, "y"]);
      }
    },
  );

  test("split on ';' or ',' by a spreadsheet, no cell of any row starts as a formula", async () => {
    const hostile = FORMULA_STARTS.flatMap((start) =>
      SPLITTERS.flatMap((splitter) => [
        `${start}1`,
        `a${splitter}${start}1`,
        `a${splitter}${splitter}${start}1`,
        `${splitter}${start}1${splitter}`,
        `"q"${splitter}${start}1`,
      ]),
    );
    for (const value of hostile) {
      const text = await written(["lead", value, `${value}${value}`, "tail"]);
      for (const delimiter of [";", ","]) {
        // A line break inside quotes is still the same row to a spreadsheet.
        for (const cell of splitAs(text.replace(/\r?\n|\r/g, " "), delimiter)) {
          expect(cell, `${JSON.stringify(value)} split on ${delimiter}`).not.toMatch(
            /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/,
          );
        }
      }
    }
  });

  test("plain cells stay unquoted; empty, dates, numbers and yes/no as they were", async () => {
    const columns = [
      { header: "Text", value: (r: { t: string }) => r.t },
      { header: "None", value: () => null },
      { header: "Date", value: () => new Date("2024-05-01T10:00:00.000Z") },
      { header: "Number", value: () => 42 },
      { header: "Flag", value: () => true },
    ];
    const text = (
      await buffer(
        csvStream(
          columns,
          (async function* () {
            yield { t: "Oak Park" };
          })(),
        ),
      )
    ).toString();
    expect(text).toBe("\uFEFFText,None,Date,Number,Flag\nOak Park,,2024-05-01T10:00:00.000Z,42,yes\n");
  });
});
