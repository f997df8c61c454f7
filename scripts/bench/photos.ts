// Real photographs for the benchmark's image figures (AVIF and WebP compress
// flat generated pictures unlike photos): crops of a photograph that ships in
// autocannon's package (1169×584), a different stretch and side for each.
import { createRequire } from "node:module";
import path from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { ingestImage } from "~/.server/images/ingest";
import { createLocalStorage } from "~/.server/storage";

const require = createRequire(import.meta.url);
const PHOTO = path.join(path.dirname(require.resolve("autocannon/package.json")), "test", "j5.jpeg");
const [WIDTH, HEIGHT] = [1169, 584];
// 4:3, as the gallery's cards show them.
const CROP = { width: Math.round((HEIGHT * 4) / 3), height: HEIGHT };

export async function benchPhotos(count: number): Promise<Buffer[]> {
  return Promise.all(
    Array.from({ length: count }, (_, i) => {
      const left = Math.round((i * (WIDTH - CROP.width)) / Math.max(1, count - 1));
      const crop = sharp(PHOTO).extract({ left, top: 0, ...CROP });
      return (i % 2 ? crop.flop() : crop).jpeg({ quality: 92 }).toBuffer();
    }),
  );
}

/** Stores a photo in a data dir through the real pipeline (WebP and, where smaller, AVIF variants). */
export function storePhoto(dataDir: string, key: (ext: string) => string, bytes: Buffer) {
  const storage = createLocalStorage({ root: path.join(dataDir, "uploads") });
  return ingestImage(Readable.from([bytes]), { maxBytes: 25 * 1024 * 1024, key, storage });
}
