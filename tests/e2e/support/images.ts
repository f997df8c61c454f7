// Image files for upload tests, made on the fly.
import fs from "node:fs";
import { test } from "@playwright/test";
import sharp from "sharp";

/** A real PNG of the given size with a coloured gradient-like pattern. */
export async function pngFile(name: string, width = 400, height = 300, color = { r: 15, g: 118, b: 110 }) {
  const buffer = await sharp({ create: { width, height, channels: 3, background: color } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#fde047"/></svg>`,
        ),
      },
    ])
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

/** A JPEG of noise, so it compresses badly and is big enough to watch upload progress. */
export async function noisyJpeg(name: string, width = 1600, height = 1200) {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + (i >> 5) * 104729) % 251;
  const buffer = await sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
  return { name, mimeType: "image/jpeg", buffer };
}

/**
 * A file over the 5MB logo limit: a valid PNG padded with junk, as a path. Handed to
 * setInputFiles as a path, the browser reads the file itself; as a buffer, it would cross
 * the protocol as 8 MB of base64, seconds of CPU on a busy machine.
 */
export async function oversizedPng(name: string, bytes = 6 * 1024 * 1024) {
  const png = (await pngFile(name, 50, 50)).buffer;
  // The test's own output folder, which Playwright empties before each run.
  const file = test.info().outputPath(name);
  fs.writeFileSync(file, Buffer.concat([png, Buffer.alloc(bytes - png.length, 7)]));
  return file;
}
