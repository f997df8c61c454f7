// A zip download streamed as its entries are made (archiver), one file open at a time.
import { once } from "node:events";
import type { Readable } from "node:stream";
import { ZipArchive } from "archiver";
import { logger } from "../logger";
import { downloadResponse } from "./csv-response";

export interface ZipEntry {
  /** The path inside the archive. */
  name: string;
  body: Readable | string;
  /** Already compressed (images, PDFs): stored as is, not deflated again. */
  store?: boolean;
}

function zipStream(entries: AsyncIterable<ZipEntry>): Readable {
  const archive = new ZipArchive({ zlib: { level: 6 } });
  void (async () => {
    try {
      for await (const entry of entries) {
        const written = once(archive, "entry");
        archive.append(entry.body, { name: entry.name, store: entry.store });
        await written;
      }
      await archive.finalize();
    } catch (error) {
      logger().error({ err: error }, "an archive failed part way");
      archive.destroy(error as Error);
    }
  })();
  return archive;
}

/** A private download named `<name>-<yyyy-mm-dd>.zip`. */
export function zipResponse(name: string, entries: AsyncIterable<ZipEntry>): Response {
  return downloadResponse(zipStream(entries), name, "zip", "application/zip");
}
