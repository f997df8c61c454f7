// Real stored images for a test server's data dir, through the real pipeline.
import path from "node:path";
import { Readable } from "node:stream";
import { ingestImage } from "~/.server/images/ingest";
import { createLocalStorage } from "~/.server/storage";
import { pngFile } from "./images";

export async function storeTestImage(
  dataDir: string,
  key: (ext: string) => string,
  width = 1600,
  height = 1200,
  color?: { r: number; g: number; b: number },
) {
  const storage = createLocalStorage({ root: path.join(dataDir, "uploads") });
  const { buffer } = await pngFile("seed.png", width, height, color);
  return ingestImage(Readable.from(buffer), { maxBytes: 25 * 1024 * 1024, key, storage });
}
