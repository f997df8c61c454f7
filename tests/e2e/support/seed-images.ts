// Real stored files for a test server's data dir: images through the real
// pipeline, contract documents where an upload would put them.
import crypto from "node:crypto";
import fs from "node:fs";
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
// encoding its WebP and AVIF variants takes a second or more on a busy machine. A picture is
// encoded once a run and its files stored again, byte for byte, under each new key: in memory
// for the process that encoded it, and on disk for the others (the global setup and both workers
// seed the same pictures; encoding them took about 6 s of the shared server's 9 s seed's CPU).
const encoded = new Map<string, Promise<Ingested>>();

/** The run's encoded pictures, beside the template the global setup made (and removes). */
export function pictureCacheDir(): string | undefined {
  const template = process.env.E2E_TEMPLATE_DIR;
  return template ? `${template}-pictures` : undefined;
}

interface CachedFiles {
  image: IngestedImage;
  ext: string;
  files: { name: string; contentType: string }[];
}

const cachePath = (picture: string) =>
  path.join(pictureCacheDir()!, crypto.createHash("sha256").update(picture).digest("hex").slice(0, 32));

function readCached(picture: string): Ingested | undefined {
  if (!pictureCacheDir()) return undefined;
  const dir = cachePath(picture);
  if (!fs.existsSync(path.join(dir, "files.json"))) return undefined;
  const cached = JSON.parse(fs.readFileSync(path.join(dir, "files.json"), "utf8")) as CachedFiles;
  const files: Ingested["files"] = new Map(
    cached.files.map(({ name, contentType }, index) => [
      name,
      { body: fs.readFileSync(path.join(dir, String(index))), contentType },
    ]),
  );
  return { image: cached.image, ext: cached.ext, files };
}

/** Whole or not at all: written aside, then renamed (a process that finds one there keeps it). */
function writeCached(picture: string, { image, ext, files }: Ingested): void {
  if (!pictureCacheDir()) return;
  const dir = cachePath(picture);
  const partial = `${dir}.${process.pid}.partial`;
  fs.mkdirSync(partial, { recursive: true });
  const list = [...files.entries()];
  for (const [index, [, file]] of list.entries()) fs.writeFileSync(path.join(partial, String(index)), file.body);
  const cached: CachedFiles = {
    image,
    ext,
    files: list.map(([name, file]) => ({ name, contentType: file.contentType })),
  };
  fs.writeFileSync(path.join(partial, "files.json"), JSON.stringify(cached));
  try {
    fs.renameSync(partial, dir);
  } catch {
    fs.rmSync(partial, { recursive: true, force: true });
  }
}

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
  let earlier = encoded.get(picture);
  if (!earlier) {
    const cached = readCached(picture);
    if (cached) encoded.set(picture, (earlier = Promise.resolve(cached)));
  }
  if (!earlier) {
    const first = make().then((bytes) => ingestAndKeep(storage, key, bytes));
    encoded.set(picture, first);
    first.catch(() => encoded.delete(picture));
    const ingested = await first;
    writeCached(picture, ingested);
    return ingested.image;
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
