// Real stored files for a test server's data dir: images through the real
// pipeline, contract documents where an upload would put them.
import crypto from "node:crypto";
import path from "node:path";
import { Readable } from "node:stream";
import { ingestImage } from "~/.server/images/ingest";
import { createLocalStorage } from "~/.server/storage";
import { contractDocumentKey } from "~/.server/storage/keys";
import type { Factories } from "../../factories";
import { pngFile } from "./images";

const storageOf = (dataDir: string) => createLocalStorage({ root: path.join(dataDir, "uploads") });

export async function storeTestImage(
  dataDir: string,
  key: (ext: string) => string,
  width = 1600,
  height = 1200,
  color?: { r: number; g: number; b: number },
) {
  const { buffer } = await pngFile("seed.png", width, height, color);
  return ingestImage(Readable.from(buffer), { maxBytes: 25 * 1024 * 1024, key, storage: storageOf(dataDir) });
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
