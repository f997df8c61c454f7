import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import sharp from "sharp";
import { afterAll, describe, expect, test } from "vitest";
import * as images from "#tests/fixtures/images/generate";
import { countedStream } from "#tests/fixtures/images/streams";
import { createLocalStorage } from "../storage/local";
import type { Storage } from "../storage/storage";
import { ImageRejectedError } from "./errors";
import { ingestImage, type IngestOptions } from "./ingest";
import { hasAvif, storedImageKeys, variantKey, variantWidths } from "./variants";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-ingest-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** A storage of its own per test, so "nothing stored" is easy to check. */
function freshStorage(): Storage {
  return createLocalStorage({ root: path.join(root, crypto.randomBytes(4).toString("hex"), "uploads") });
}

async function keysIn(store: Storage): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of store.list()) keys.push(key);
  return keys.sort();
}

async function read(store: Storage, key: string): Promise<Buffer> {
  const object = await store.get(key);
  if (!object) throw new Error(`${key} is not stored`);
  return buffer(object.body);
}

const MB = 1024 * 1024;
const options = (store: Storage, extra: Partial<IngestOptions> = {}): IngestOptions => ({
  maxBytes: 5 * MB,
  key: (ext) => `logos/${Date.now()}-${crypto.randomBytes(3).toString("hex")}.${ext}`,
  storage: store,
  ...extra,
});

async function refusal(bytes: Buffer | Readable, store: Storage, extra: Partial<IngestOptions> = {}) {
  const stream = Buffer.isBuffer(bytes) ? Readable.from([bytes]) : bytes;
  const error = await ingestImage(stream, options(store, extra)).then(
    () => {
      throw new Error("the file was accepted");
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ImageRejectedError);
  return error as ImageRejectedError;
}

describe("accepted formats", () => {
  test.each([
    ["jpeg", images.jpeg, "image/jpeg", "jpg"],
    ["png", images.png, "image/png", "png"],
    ["webp", images.webp, "image/webp", "webp"],
    ["avif", images.avif, "image/avif", "avif"],
  ] as const)("%s: stored re-encoded in its own format, with WebP variants", async (format, make, type, ext) => {
    const store = freshStorage();
    const result = await ingestImage(Readable.from([await make(700, 500)]), options(store));
    expect(result).toMatchObject({ width: 700, height: 500, contentType: type });
    expect(result.key.endsWith(`.${ext}`)).toBe(true);
    const original = await sharp(await read(store, result.key)).metadata();
    expect(original.format).toBe(format === "avif" ? "heif" : format);
    expect(result.bytes).toBe((await read(store, result.key)).length);
    const widths = [320, 640, 700];
    expect(await keysIn(store)).toEqual(storedImageKeys(result.key, 700).sort());
    for (const width of widths) {
      const variant = await sharp(await read(store, variantKey(result.key, width))).metadata();
      expect(variant).toMatchObject({ format: "webp", width, height: Math.round((500 * width) / 700) });
    }
  });

  // One animated ingest for both rules (an animation costs seconds of encoding): its frames are
  // kept, and it has WebP variants only, no AVIF. Two frames are an animation as much as four, and
  // cost 0.7 s of CPU instead of 1.6 s (making the GIF, then ingesting it).
  test("an animated GIF keeps its frames, in the original and the variants, which are WebP only", async () => {
    const store = freshStorage();
    const frames = 2;
    const result = await ingestImage(Readable.from([await images.animatedGif(400, 200, frames)]), options(store));
    expect(result).toMatchObject({ width: 400, height: 200, contentType: "image/gif" });
    expect(hasAvif(result.key)).toBe(false);
    expect(await keysIn(store)).toEqual(storedImageKeys(result.key, 400).sort());
    expect((await sharp(await read(store, result.key)).metadata()).pages).toBe(frames);
    const variant = await sharp(await read(store, variantKey(result.key, 320)), { animated: true }).metadata();
    expect(variant).toMatchObject({ format: "webp", pages: frames, width: 320, pageHeight: 160 });
  });

  test("variants are never upscaled: a narrow image gets one at its own width", async () => {
    const store = freshStorage();
    const result = await ingestImage(Readable.from([await images.png(200, 100)]), options(store));
    expect(await keysIn(store)).toEqual(storedImageKeys(result.key, 200).sort());
    expect((await sharp(await read(store, variantKey(result.key, 200))).metadata()).width).toBe(200);
  });

  test("a wide image stops at 1920", async () => {
    const store = freshStorage();
    const result = await ingestImage(Readable.from([await images.jpeg(2000, 120)]), options(store));
    expect(variantWidths(result.width)).toEqual([320, 640, 1280, 1920]);
    expect(await keysIn(store)).toEqual(storedImageKeys(result.key, result.width).sort());
    expect((await keysIn(store)).length).toBe(hasAvif(result.key) ? 9 : 5);
  });
});

describe("AVIF variants", () => {
  const total = async (store: Storage, keys: string[]) =>
    (await Promise.all(keys.map((key) => read(store, key)))).reduce((sum, bytes) => sum + bytes.length, 0);

  test("a photo gets an AVIF at every width, kept because together they are smaller than the WebPs", async () => {
    const store = freshStorage();
    const result = await ingestImage(Readable.from([await images.jpeg(1500, 1000)]), options(store));
    expect(hasAvif(result.key)).toBe(true);
    expect(result.key).toMatch(/^logos\/\d+-[0-9a-f]+_avif\.jpg$/);
    const widths = variantWidths(1500);
    for (const width of widths) {
      const avif = await sharp(await read(store, variantKey(result.key, width, "avif"))).metadata();
      expect(avif).toMatchObject({
        format: "heif",
        compression: "av1",
        width,
        height: Math.round((1000 * width) / 1500),
      });
    }
    const avifBytes = await total(
      store,
      widths.map((w) => variantKey(result.key, w, "avif")),
    );
    const webpBytes = await total(
      store,
      widths.map((w) => variantKey(result.key, w, "webp")),
    );
    expect(avifBytes).toBeLessThan(webpBytes);
  });

  test("an image whose AVIFs come out larger keeps WebP only", async () => {
    const store = freshStorage();
    // A flat colour: a few hundred bytes of WebP, and AVIF's container costs more than that.
    const flat = await sharp({ create: { width: 200, height: 100, channels: 3, background: "#14785a" } })
      .png()
      .toBuffer();
    const result = await ingestImage(Readable.from([flat]), options(store));
    expect(hasAvif(result.key)).toBe(false);
    expect(await keysIn(store)).toEqual([result.key, variantKey(result.key, 200)].sort());
  });
});

describe("metadata and appended content are removed", () => {
  test("EXIF (GPS included) is stripped and the image is turned upright", async () => {
    const input = await images.jpegWithGpsAndOrientation();
    const before = await sharp(input).metadata();
    expect(before).toMatchObject({ width: 400, height: 300, orientation: 6 });
    expect(before.exif?.toString("latin1")).toContain("TestCam");

    const store = freshStorage();
    const result = await ingestImage(Readable.from([input]), options(store));
    expect(result).toMatchObject({ width: 300, height: 400 });
    const stored = await read(store, result.key);
    const after = await sharp(stored).metadata();
    expect(after).toMatchObject({ width: 300, height: 400 });
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(stored.toString("latin1")).not.toContain("TestCam");
    for (const key of await keysIn(store))
      expect((await sharp(await read(store, key)).metadata()).exif).toBeUndefined();
  });

  test("a PNG with a script appended is accepted, and the stored file no longer holds the script", async () => {
    const input = await images.pngWithScript();
    expect(input.toString("latin1")).toContain("<script>");
    const store = freshStorage();
    const result = await ingestImage(Readable.from([input]), options(store));
    for (const key of await keysIn(store)) expect((await read(store, key)).toString("latin1")).not.toContain("<script");
    expect(result.contentType).toBe("image/png");
  });
});

describe("refused files leave nothing stored", () => {
  test("a zero-byte file", async () => {
    const store = freshStorage();
    const error = await refusal(Buffer.alloc(0), store);
    expect(error).toMatchObject({ code: "empty", status: 422 });
    expect(error.message).toMatch(/JPEG, PNG, WebP, AVIF or GIF/);
    expect(await keysIn(store)).toEqual([]);
  });

  test.each([
    ["a text file", images.textFile],
    ["an SVG with a script", images.svgWithScript],
    ["a PDF", images.pdfFile],
    ["an HTML page", images.htmlFile],
    ["a Linux executable", images.elfExecutable],
    ["a Windows executable", images.windowsExecutable],
    ["a few bytes", () => Buffer.from("GIF")],
  ])("%s", async (_name, make) => {
    const store = freshStorage();
    const error = await refusal(make(), store);
    expect(error).toMatchObject({
      code: "unsupported-type",
      status: 415,
      message: "This file is not a supported image. Use JPEG, PNG, WebP, AVIF or GIF.",
    });
    expect(await keysIn(store)).toEqual([]);
  });

  test("a HEIC photo is refused with a message that says so", async () => {
    const store = freshStorage();
    const error = await refusal(images.heicHeader(), store);
    expect(error).toMatchObject({ code: "unsupported-type", status: 415 });
    expect(error.message).toMatch(/HEIC/);
    expect(error.message).toMatch(/JPEG/);
  });

  test("a 20000×20000 PNG bomb is refused from its header", async () => {
    const bomb = images.pngBomb();
    expect(bomb.length).toBeLessThan(200_000);
    const store = freshStorage();
    const error = await refusal(bomb, store);
    expect(error).toMatchObject({ code: "too-many-pixels", status: 422 });
    expect(await keysIn(store)).toEqual([]);
  });

  test("a truncated JPEG", async () => {
    const store = freshStorage();
    expect(await refusal(await images.truncatedJpeg(), store)).toMatchObject({ code: "corrupt", status: 422 });
    expect(await keysIn(store)).toEqual([]);
  });

  test("a file over the limit is refused before it is read to the end", async () => {
    const file = await images.incompressiblePng(6 * MB);
    const counted = countedStream(file);
    const store = freshStorage();
    const error = await refusal(counted.stream, store, { tooLargeMessage: "Logo must be less than 5MB" });
    expect(error).toMatchObject({ code: "too-large", status: 413, message: "Logo must be less than 5MB" });
    expect(counted.read()).toBeLessThan(5 * MB + 64 * 1024);
    expect(counted.read()).toBeLessThan(file.length);
    expect(counted.stream.destroyed).toBe(true);
    expect(await keysIn(store)).toEqual([]);
  });

  test("a storage failure part-way removes what was already stored", async () => {
    const store = freshStorage();
    let puts = 0;
    const failing: Storage = {
      ...store,
      async put(key, body, putOptions) {
        if (++puts === 3) throw new Error("disk full");
        await store.put(key, body, putOptions);
      },
    };
    await expect(ingestImage(Readable.from([await images.jpeg(700, 350)]), options(failing))).rejects.toThrow(
      "disk full",
    );
    expect(puts).toBe(3);
    expect(await keysIn(store)).toEqual([]);
  });
});
