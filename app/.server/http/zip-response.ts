// A zip download streamed as its entries are made (archiver), one file open at a time.
import { once } from "node:events";
import { Readable } from "node:stream";
import { ZipArchive } from "archiver";
import { logger } from "../logger";

export interface ZipEntry {
  /** The path inside the archive. */
  name: string;
  body: Readable | string;
  /** Already compressed (images, PDFs): stored as is, not deflated again. */
  store?: boolean;
}

/** The archive of `entries` as a stream. */
export function zipStream(entries: AsyncIterable<ZipEntry>): Readable {
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
  const day = new Date().toISOString().slice(0, 10);
  return new Response(Readable.toWeb(zipStream(entries)) as ReadableStream, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${name}-${day}.zip"`,
      "Cache-Control": "private, no-store",
    },
  });
}
