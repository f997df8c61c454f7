// Image files for upload tests, made on the fly.
import fs from "node:fs";
import { test } from "@playwright/test";
import sharp from "sharp";

/** A picture of the given size: a coloured field with a yellow circle. */
function picture(width: number, height: number, color = { r: 15, g: 118, b: 110 }) {
  return sharp({ create: { width, height, channels: 3, background: color } }).composite([
    {
      input: Buffer.from(
        `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#fde047"/></svg>`,
      ),
    },
  ]);
}

/** A real PNG of the given size with a coloured gradient-like pattern. */
export async function pngFile(name: string, width = 400, height = 300, color = { r: 15, g: 118, b: 110 }) {
  const buffer = await picture(width, height, color).png().toBuffer();
  return { name, mimeType: "image/png", buffer };
}

/**
 * A JPEG of about `bytes` bytes with few pixels: the rest is comment segments, which every
 * decoder skips. It takes as long to send as a photo of that size, so upload progress can be
 * watched, while the server decodes and encodes only `width` × `height` pixels: a 1400 × 1000
 * JPEG of noise (1.2 MB) took the server about 2 s of CPU to ingest, this one about 0.1 s.
 */
export async function paddedJpeg(name: string, bytes: number, width = 400, height = 300) {
  const jpeg = await picture(width, height).jpeg({ quality: 90 }).toBuffer();
  const comments: Buffer[] = [];
  // A comment segment (FF FE) holds at most 65,533 bytes after its two length bytes.
  for (let left = bytes - jpeg.length; left > 4; left -= 65_537) {
    const size = Math.min(65_533, left - 4);
    const segment = Buffer.alloc(size + 4, "playground ");
    segment.writeUInt16BE(0xfffe, 0);
    segment.writeUInt16BE(size + 2, 2);
    comments.push(segment);
  }
  // Right after the start-of-image marker (FF D8), before the picture's own segments.
  const buffer = Buffer.concat([jpeg.subarray(0, 2), ...comments, jpeg.subarray(2)]);
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
