// Real stored files for a test server's data dir: images through the real
// pipeline, contract documents where an upload would put them.
import crypto from "node:crypto";
import path from "node:path";
import { Readable } from "node:stream";
import { ingestImage, type IngestedImage } from "~/.server/images/ingest";
import { avifKey, hasAvif, storedImageKeys } from "~/.server/images/variants";
import { createLocalStorage } from "~/.server/storage";
import type { Storage } from "~/.server/storage/storage";
import { contractDocumentKey } from "~/domain/media/stored-files.server";
import type { Factories } from "../../factories";
import { pngFile } from "./images";

const storageOf = (dataDir: string) => createLocalStorage({ root: path.join(dataDir, "uploads") });

/** An image as the pipeline stored it: its row's values, and the bytes of each file. */
interface Ingested {
  image: IngestedImage;
  ext: string;
  files: Map<string, { body: Buffer; contentType: string }>;
}

// The same picture is seeded dozens of times a run (one per project, per spec server), and
// encoding its WebP and AVIF variants takes a second or more on a busy machine. Each worker
// encodes a picture once and stores its files again, byte for byte, under each new key.
const encoded = new Map<string, Promise<Ingested>>();

async function ingestAndKeep(storage: Storage, key: (ext: string) => string, png: Buffer): Promise<Ingested> {
  const files: Ingested["files"] = new Map();
  let ext = "";
  const keeping: Storage = {
    ...storage,
    async put(name, body, options) {
      await storage.put(name, body, options);
      files.set(name, { body, contentType: options.contentType });
    },
  };
  const image = await ingestImage(Readable.from(png), {
    maxBytes: 25 * 1024 * 1024,
    key: (sniffed) => key((ext = sniffed)),
    storage: keeping,
  });
  return { image, ext, files };
}

export async function storeTestImage(
  dataDir: string,
  key: (ext: string) => string,
  width = 1600,
  height = 1200,
  color?: { r: number; g: number; b: number },
): Promise<IngestedImage> {
  return storeTestPicture(dataDir, key, JSON.stringify([width, height, color]), async () => {
    return (await pngFile("seed.png", width, height, color)).buffer;
  });
}

/**
 * A picture made by `make` (named by `picture`, the same bytes each time), through the real
 * pipeline the first time and copied, file for file, under each later key.
 */
export async function storeTestPicture(
  dataDir: string,
  key: (ext: string) => string,
  picture: string,
  make: () => Promise<Buffer>,
): Promise<IngestedImage> {
  const storage = storageOf(dataDir);
  const earlier = encoded.get(picture);
  if (!earlier) {
    const first = make().then((bytes) => ingestAndKeep(storage, key, bytes));
    encoded.set(picture, first);
    first.catch(() => encoded.delete(picture));
    return (await first).image;
  }
  const { image, ext, files } = await earlier;
  const own = hasAvif(image.key) ? avifKey(key(ext)) : key(ext);
  const sources = storedImageKeys(image.key, image.width);
  const targets = storedImageKeys(own, image.width);
  for (const [index, source] of sources.entries()) {
    const file = files.get(source)!;
    await storage.put(targets[index]!, file.body, { contentType: file.contentType });
  }
  return { ...image, key: own };
}

/** A signed contract's PDF, stored under private/; spread the result into `make.contract`. */
export async function storeTestDocument(dataDir: string, bytes: Buffer, documentName: string) {
  const documentKey = contractDocumentKey();
  await storageOf(dataDir).put(documentKey, bytes, { contentType: "application/pdf" });
  return { documentKey, documentName, documentBytes: bytes.length };
}

/** A project image as an upload leaves it: a small stored PNG and its row. */
export async function makeStoredImage(
  dataDir: string,
  make: Factories,
  values: Parameters<Factories["image"]>[0],
  size = { width: 480, height: 360 },
) {
  const { projectId, imageCategory } = values;
  const stored = await storeTestImage(
    dataDir,
    (ext) => `project-files/${projectId}/${imageCategory}/${crypto.randomUUID()}.${ext}`,
    size.width,
    size.height,
  );
  return make.image({ ...values, storageKey: stored.key, width: stored.width, height: stored.height });
}
