// npm run media:avif on images stored the way uploads were before AVIF: a
// photo gains AVIF variants and its rows the new key, a flat graphic keeps
// WebP only, and a second run finds nothing to do.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, describe, expect, test } from "vitest";
import { STORED_FILES } from "~/domain/media/stored-files.server";
import * as images from "#tests/fixtures/images/generate";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeProject } from "#tests/helpers/factories";
import { db, schema } from "~/.server/db";
import { readContentVersion } from "../render-cache/content-version";
import { createLocalStorage } from "../storage/local";
import type { Storage } from "../storage/storage";
import { backfillAvif } from "./avif-backfill";
import { encodeOriginal, encodeVariant, planDecode } from "./transcode";
import { storedImageKeys, variantKey, variantWidths } from "./variants";

const database = withTestDatabase();
const root = fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-avif-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const store: Storage = createLocalStorage({ root: path.join(root, "uploads") });

/** Stores an image as uploads did before AVIF: the original and WebP variants only. */
async function storeLegacy(key: string, input: Buffer, format: "jpeg" | "png") {
  const plan = await planDecode(input, format);
  const original = await encodeOriginal(input, format, plan);
  await store.put(key, original.data, { contentType: `image/${format}` });
  for (const width of variantWidths(original.width)) {
    const variant = await encodeVariant(input, plan, width);
    await store.put(variantKey(key, width), variant.data, { contentType: "image/webp" });
  }
  return { key, width: original.width, height: original.height };
}

async function exists(key: string) {
  const object = await store.get(key);
  object?.body.destroy();
  return object !== null;
}

describe("npm run media:avif", () => {
  test("a photo gets AVIF variants and its rows the new key; a flat graphic keeps WebP only; once is enough", async () => {
    const client = await makeClient();
    const project = await makeProject({ clientId: client.id });
    const photo = await storeLegacy(
      `project-files/${project.id}/photos_completed/1-a.jpg`,
      await images.jpeg(1500, 1000),
      "jpeg",
    );
    await db().insert(schema.projectImages).values({
      projectId: project.id,
      storageKey: photo.key,
      width: photo.width,
      height: photo.height,
      displayOrder: 0,
      imageCategory: "photos_completed",
    });
    const flatPng = await sharp({ create: { width: 200, height: 100, channels: 3, background: "#14785a" } })
      .png()
      .toBuffer();
    const logo = await storeLegacy("client-logos/1-flat.png", flatPng, "png");
    await db()
      .update(schema.clients)
      .set({ logoKey: logo.key, logoWidth: logo.width, logoHeight: logo.height })
      .where(eq(schema.clients.id, client.id));

    const before = await readContentVersion(database.current());
    const reports = await backfillAvif(db(), store, STORED_FILES);
    expect(reports.map((r) => [r.key, r.outcome])).toEqual([
      [logo.key, "not smaller"],
      [photo.key, "converted"],
    ]);
    expect(reports[1]!.avifBytes).toBeLessThan(reports[1]!.webpBytes!);
    expect(await readContentVersion(database.current())).toBeGreaterThan(before);

    const [row] = await db().select().from(schema.projectImages).where(eq(schema.projectImages.projectId, project.id));
    const next = `project-files/${project.id}/photos_completed/1-a_avif.jpg`;
    expect(row!.storageKey).toBe(next);
    for (const key of storedImageKeys(next, photo.width)) expect(await exists(key), key).toBe(true);
    const avif = await store.get(variantKey(next, 640, "avif"));
    expect(await sharp(await buffer(avif!.body)).metadata()).toMatchObject({ format: "heif", width: 640 });
    // The old files stay for media:gc (a page rendered a moment ago may still name them).
    expect(await exists(photo.key)).toBe(true);

    const [owner] = await db().select().from(schema.clients).where(eq(schema.clients.id, client.id));
    expect(owner!.logoKey).toBe(logo.key);

    expect((await backfillAvif(db(), store, STORED_FILES)).map((r) => r.outcome)).toEqual(["not smaller"]);
  });

  test("an image whose original is missing is reported, and nothing moves", async () => {
    const client = await makeClient({ logoKey: "client-logos/9-missing.png", logoWidth: 400, logoHeight: 200 });
    const reports = await backfillAvif(db(), store, STORED_FILES);
    expect(reports.find((r) => r.key === "client-logos/9-missing.png")).toMatchObject({
      outcome: "failed",
      reason: "the original is missing",
    });
    const [row] = await db().select().from(schema.clients).where(eq(schema.clients.id, client.id));
    expect(row!.logoKey).toBe("client-logos/9-missing.png");
  });
});
