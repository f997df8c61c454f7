// The rows of an export, read a chunk at a time in the list's own order, so
// an export of any size holds one chunk in memory and leaves the database free
// between chunks (on PGlite, one worker, other requests run in between); and
// the file each entity declares for Export everything.
import type { Readable } from "node:stream";

/**
 * One CSV file of Export everything, declared by its entity (`<entity>/export.server.ts`):
 * the export route lists them, so this folder imports no entity.
 */
export interface ExportFile {
  name: string;
  body: () => Readable;
}

export const EXPORT_CHUNK = 1000;

export async function* inChunks<Row>(
  readChunk: (limit: number, offset: number) => Promise<Row[]>,
  size = EXPORT_CHUNK,
): AsyncGenerator<Row> {
  for (let offset = 0; ; offset += size) {
    const rows = await readChunk(size, offset);
    yield* rows;
    if (rows.length < size) return;
  }
}
