// Cost of one large upload: time and peak memory to ingest a 12-megapixel
// JPEG (original re-encoded plus its WebP variants) into a temporary local
// storage, and how small the 640 px WebP a gallery card loads is against it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { ingestImage } from "~/.server/images/ingest";
import { variantKey } from "~/.server/images/variants";
import { createLocalStorage } from "~/.server/storage/local";
import { kb, percentile, type Row } from "./table";

const WIDTH = 4000;
const HEIGHT = 3000;
const RUNS = 3;
const MB = 1024 * 1024;

const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

/**
 * Pixels with detail at every scale, like a photo: random values on coarse to
 * fine grids (256, 64, 16 and 4 px cells) added up, plus per-pixel grain.
 * Downscaled, it still has texture, so the variant sizes are honest.
 */
function photoLikePixels(width: number, height: number): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  const octaves = [256, 64, 16, 4].map((cell) => {
    const columns = Math.ceil(width / cell) + 1;
    const values = new Float32Array(columns * (Math.ceil(height / cell) + 1) * 3).map(() => Math.random() - 0.5);
    return { cell, columns, values };
  });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < 3; c++) {
        let value = 128;
        for (const { cell, columns, values } of octaves) {
          value += values[(Math.floor(y / cell) * columns + Math.floor(x / cell)) * 3 + c]! * cell * 0.6;
        }
        pixels[(y * width + x) * 3 + c] = Math.max(0, Math.min(255, value + (Math.random() - 0.5) * 40));
      }
    }
  }
  return pixels;
}

/** Samples memory while `work` runs (sharp works off the main thread, so the timer keeps firing). */
async function measure<T>(work: () => Promise<T>) {
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakHeap = base.heapUsed + base.external;
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed + now.external);
  }, 5);
  const started = performance.now();
  try {
    const result = await work();
    return { result, ms: performance.now() - started, rssGrowth: peakRss - base.rss, peakRss, peakHeap };
  } finally {
    clearInterval(timer);
  }
}

export async function benchMedia(): Promise<Row[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-bench-media-"));
  try {
    const jpeg = await sharp(photoLikePixels(WIDTH, HEIGHT), { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer();
    const store = createLocalStorage({ root: path.join(dir, "uploads") });
    let n = 0;
    const ingest = () =>
      ingestImage(Readable.from([jpeg]), {
        maxBytes: 25 * MB,
        key: (ext) => `project-files/bench/${n++}.${ext}`,
        storage: store,
      });

    await ingest(); // warm-up: loads libvips and its codecs
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measure(ingest));
    const last = runs.at(-1)!.result;
    const card = await store.get(variantKey(last.key, 640));
    card?.body.destroy();
    const cardBytes = card?.size ?? 0;
    const ratio = cardBytes / jpeg.length;
    return [
      {
        measure: `ingest a 12 MP JPEG (${mb(jpeg.length)}), original + variants, median of ${RUNS}`,
        value: `${percentile(
          runs.map((r) => r.ms),
          50,
        ).toFixed(0)} ms`,
      },
      {
        measure: "peak memory while ingesting (RSS growth / RSS / JS heap + buffers)",
        value: `${mb(Math.max(...runs.map((r) => r.rssGrowth)))} / ${mb(Math.max(...runs.map((r) => r.peakRss)))} / ${mb(Math.max(...runs.map((r) => r.peakHeap)))}`,
      },
      {
        measure: "640 px WebP against the uploaded JPEG",
        value: `${kb(cardBytes)} vs ${mb(jpeg.length)} (${(ratio * 100).toFixed(1)}%)`,
        budget: "< 1/10",
        ok: ratio < 0.1,
      },
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
