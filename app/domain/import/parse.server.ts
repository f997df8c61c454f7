// Reading an uploaded CSV file: UTF-8 with or without a byte-order mark,
// cells separated by ";" or "," (what Excel writes depends on the locale).
// What is not a CSV file is refused before any row is read, with a message
// saying what to do: an archive or spreadsheet renamed .csv (a zip bomb is
// one; it is never unpacked), another encoding, a line longer than any real
// row, more rows or columns than an import takes. A row is kept as long as it
// is (never padded to the header's width: 32,000 header cells over 10,000
// short rows made 320 million), cut to the header's width when longer.
import { Readable } from "node:stream";
import { CsvError, parse } from "csv-parse";
import { InvalidInputError } from "../errors";

export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 10_000;
/** More columns than any table of clients, contacts or projects has (and the mapping step shows each). */
export const MAX_IMPORT_COLUMNS = 200;
/** A row longer than this is not a row of records (csv-parse stops reading there). */
export const MAX_ROW_CHARACTERS = 64 * 1024;

export interface CsvTable {
  headers: string[];
  /** The rows under the header row, each at most as long as the headers (a missing cell is empty). */
  rows: string[][];
}

/** What cannot be read as a CSV file of rows: a 400, nothing read or written. */
export class ImportFileError extends InvalidInputError {
  override name = "ImportFileError";
}

const SAVE_AS_CSV = 'In your spreadsheet, choose "Save as" → "CSV UTF-8", and upload that file.';

const SIGNATURES: { bytes: number[]; what: string }[] = [
  { bytes: [0x50, 0x4b, 0x03, 0x04], what: "a zip archive (or an Excel workbook)" },
  { bytes: [0x50, 0x4b, 0x05, 0x06], what: "a zip archive" },
  { bytes: [0x1f, 0x8b], what: "a gzip archive" },
  { bytes: [0x42, 0x5a, 0x68], what: "a bzip2 archive" },
  { bytes: [0x37, 0x7a, 0xbc, 0xaf], what: "a 7-Zip archive" },
  { bytes: [0x52, 0x61, 0x72, 0x21], what: "a RAR archive" },
  { bytes: [0xd0, 0xcf, 0x11, 0xe0], what: "an old Excel workbook" },
  { bytes: [0x25, 0x50, 0x44, 0x46], what: "a PDF" },
];

function refuseNonText(bytes: Uint8Array): void {
  const kind = SIGNATURES.find((s) => s.bytes.every((b, i) => bytes[i] === b));
  if (kind) throw new ImportFileError(`This file is ${kind.what}, not a CSV file. ${SAVE_AS_CSV}`);
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw new ImportFileError(`This file is in UTF-16, not UTF-8. ${SAVE_AS_CSV}`);
  }
  if (bytes.includes(0)) throw new ImportFileError(`This file holds binary data, not text. ${SAVE_AS_CSV}`);
}

function decode(bytes: Uint8Array): string {
  try {
    // fatal: a byte sequence that is not UTF-8 (a Windows-1252 "é", say) is refused, not turned into "�".
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new ImportFileError(`This file is not UTF-8 text (its accents would come out garbled). ${SAVE_AS_CSV}`);
  }
}

/** ";" when the header line has more of them than commas (outside quotes), else ",". */
function delimiterOf(text: string): ";" | "," {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const char of text.slice(0, MAX_ROW_CHARACTERS)) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && char === ";") semicolons++;
    else if (!quoted && char === ",") commas++;
  }
  return semicolons > commas ? ";" : ",";
}

function parseProblem(error: unknown): ImportFileError {
  if (error instanceof CsvError) {
    const line = (error as CsvError & { lines?: number }).lines;
    const where = line ? ` (line ${line})` : "";
    if (error.code === "CSV_MAX_RECORD_SIZE") {
      return new ImportFileError(
        `A line of this file is longer than ${MAX_ROW_CHARACTERS.toLocaleString("en-US")} characters${where}: it is not a table of records.`,
      );
    }
    if (error.code === "CSV_QUOTE_NOT_CLOSED") {
      return new ImportFileError(`A quoted cell is never closed${where}: check the file's quotes.`);
    }
    return new ImportFileError(`This file cannot be read as CSV${where}: ${error.message.split(":")[0]}.`);
  }
  throw error;
}

/**
 * The table in `bytes`. Parsing is streamed, so a large file lets the server
 * answer other requests while it is read.
 */
export async function readCsv(bytes: Uint8Array): Promise<CsvTable> {
  return readCsvText(csvText(bytes));
}

/** The text of an uploaded file (what an import session keeps), or why it is not a CSV file. */
export function csvText(bytes: Uint8Array): string {
  if (bytes.byteLength > MAX_IMPORT_BYTES) {
    throw new ImportFileError(`This file is larger than 10 MB: split it into smaller files.`);
  }
  refuseNonText(bytes);
  const text = decode(bytes).replace(/^\uFEFF/, "");
  if (!text.trim()) throw new ImportFileError("This file is empty.");
  return text;
}

/** The table in the text `csvText` gave. */
export async function readCsvText(text: string): Promise<CsvTable> {
  const parser = Readable.from(chunksOf(text)).pipe(
    parse({
      delimiter: delimiterOf(text),
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: MAX_ROW_CHARACTERS,
    }),
  );
  const records: string[][] = [];
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (records.length === 0 && record.length > MAX_IMPORT_COLUMNS) {
        parser.destroy();
        throw new ImportFileError(
          `This file has more than ${MAX_IMPORT_COLUMNS} columns: keep only the columns to import (at most ${MAX_IMPORT_COLUMNS}), and upload it again.`,
        );
      }
      if (records.length > MAX_IMPORT_ROWS) {
        parser.destroy();
        throw new ImportFileError(
          `This file has more than ${MAX_IMPORT_ROWS.toLocaleString("en-US")} rows: split it into smaller files.`,
        );
      }
      records.push(records.length && record.length > records[0]!.length ? record.slice(0, records[0]!.length) : record);
    }
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw parseProblem(error);
  }
  const [headerRow, ...rows] = records;
  const headers = headerRow!.map((h, i) => h.trim() || `Column ${i + 1}`);
  if (!rows.length) throw new ImportFileError("This file has a header row but no rows under it.");
  return { headers, rows };
}

function* chunksOf(text: string, size = 64 * 1024): Generator<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}
