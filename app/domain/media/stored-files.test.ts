import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { eq, is, sql } from "drizzle-orm";
import { getTableConfig, integer, PgTable, pgTable, text, uuid } from "drizzle-orm/pg-core";
import type { StoredFiles } from "~/.server/images/gc";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { STORED_FILES } from "./stored-files.server";
import * as images from "#tests/fixtures/images/generate";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeOption, makeProject } from "#tests/helpers/factories";
import { db, schema } from "~/.server/db";
import * as allTables from "~/tables";
import { createUpload, uploadProjectImage } from "./media.server";
import { setStorage } from "~/.server/storage";
import { createLocalStorage } from "~/.server/storage/local";
import { deleteGarbage, findGarbage } from "~/.server/images/gc";
import { ingestImage } from "~/.server/images/ingest";
import { storedImageKeys, variantKey } from "~/.server/images/variants";

withTestDatabase();

/** `*_key` text columns of these tables that the stored files do not list. */
function unknownKeyColumns(tables: PgTable[], files: StoredFiles): string[] {
  const known = new Set(
    [...files.owners, ...files.pending].map(
      (ref) => `${getTableConfig(ref.key.table as PgTable).name}.${ref.key.name}`,
    ),
  );
  return tables.flatMap((table) => {
    const config = getTableConfig(table);
    return config.columns
      .filter((column) => column.name.endsWith("_key") && column.getSQLType() === "text")
      .map((column) => `${config.name}.${column.name}`)
      .filter((name) => !known.has(name));
  });
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-gc-"));
const root = path.join(dir, "uploads");
const store = createLocalStorage({ root });
beforeAll(() => setStorage(store));
afterAll(() => {
  setStorage(undefined);
  fs.rmSync(dir, { recursive: true, force: true });
});

const HOUR = 60 * 60 * 1000;
// Small (two widths of variants, 320 and 400): eight images are encoded here.
const stream = async () => Readable.from([await images.png(400, 240)]);

/** Makes a stored file look `hours` old. */
function age(key: string, hours: number): void {
  const when = new Date(Date.now() - hours * HOUR);
  fs.utimesSync(path.join(root, key), when, when);
}

async function allKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of store.list()) keys.push(key);
  return keys.sort();
}

async function storeImage(key: string) {
  return ingestImage(await stream(), { maxBytes: 5_000_000, key: (ext) => `${key}.${ext}`, storage: store });
}

test("every column that names files is known to the collector, and a new one fails here", () => {
  const tables = (Object.values(allTables) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
  expect(unknownKeyColumns(tables, STORED_FILES)).toEqual([]);
  const settings = pgTable("settings", { id: uuid("id"), logoKey: text("logo_key"), logoWidth: integer("logo_width") });
  expect(unknownKeyColumns([settings], STORED_FILES)).toEqual(["settings.logo_key"]);
});

describe("findGarbage and deleteGarbage", () => {
  test("find unreferenced files and stale pending uploads; delete only those", async () => {
    // Referenced: a client's logo, an option image, a project image, a fresh pending upload, a contract document.
    const logo = await storeImage("client-logos/1-logo");
    await makeClient({ logoKey: logo.key, logoWidth: logo.width, logoHeight: logo.height });
    const optionImage = await storeImage("project-files/playground-options/abc");
    await makeOption({ imageKey: optionImage.key, imageWidth: optionImage.width, imageHeight: optionImage.height });
    const project = await makeProject({ clientId: (await makeClient()).id });
    const projectImage = await uploadProjectImage({
      projectId: project.id,
      category: "3d_renders",
      stream: await stream(),
    });
    const fresh = await createUpload({ kind: "client-logo", stream: await stream(), userId: null });
    const documentKey = `private/contracts/${project.id}.pdf`;
    await store.put(documentKey, Buffer.from("%PDF"), { contentType: "application/pdf" });
    await db().insert(schema.contracts).values({ projectId: project.id, documentKey });

    // Garbage: a pending upload two days old, an old file with its variants, a stray variant of a kept image.
    const stale = await createUpload({ kind: "option-image", stream: await stream(), userId: null });
    await db().execute(sql`update uploads set created_at = now() - interval '2 days' where id = ${stale.id}`);
    const orphan = await storeImage("company/2-orphan");
    const strayVariant = variantKey(logo.key, 999);
    await store.put(strayVariant, Buffer.from("RIFF"), { contentType: "image/webp" });
    // Not garbage yet: an unreferenced file written a minute ago (its row may be on its way).
    const inFlight = await storeImage("client-logos/3-in-flight");
    // Not ours: a folder the app never writes to.
    await store.put("elsewhere/keep.png", Buffer.from("x"), { contentType: "image/png" });

    for (const key of await allKeys()) if (!key.startsWith("client-logos/3-in-flight")) age(key, 3);

    const garbage = await findGarbage(db(), store, STORED_FILES);
    expect(garbage.expiredUploads.map((upload) => upload.id)).toEqual([stale.id]);
    expect(garbage.orphans).toEqual([...storedImageKeys(orphan.key, orphan.width), strayVariant].sort());
    expect(garbage.recent).toEqual(storedImageKeys(inFlight.key, inFlight.width).sort());

    const kept = [
      ...storedImageKeys(logo.key, logo.width),
      ...storedImageKeys(optionImage.key, optionImage.width),
      ...storedImageKeys(projectImage.key, projectImage.width),
      ...storedImageKeys(fresh.key, fresh.width),
      ...storedImageKeys(inFlight.key, inFlight.width),
      documentKey,
      "elsewhere/keep.png",
    ];
    const removed = await deleteGarbage(db(), store, STORED_FILES, garbage);
    expect(removed).toEqual({
      uploads: 1,
      files: garbage.orphans.length + storedImageKeys(stale.key, stale.width).length,
    });
    expect(await allKeys()).toEqual(kept.sort());
    expect(await db().select().from(schema.uploads).where(eq(schema.uploads.id, stale.id))).toEqual([]);
    expect(await db().select().from(schema.uploads).where(eq(schema.uploads.id, fresh.id))).toHaveLength(1);
    expect(await findGarbage(db(), store, STORED_FILES)).toEqual({
      expiredUploads: [],
      orphans: [],
      recent: garbage.recent,
    });
  });

  test("a stale upload claimed after the listing keeps its files", async () => {
    const upload = await createUpload({ kind: "client-logo", stream: await stream(), userId: null });
    await db().execute(sql`update uploads set created_at = now() - interval '2 days' where id = ${upload.id}`);
    const garbage = await findGarbage(db(), store, STORED_FILES);
    expect(garbage.expiredUploads.map((u) => u.id)).toContain(upload.id);
    // The form is saved between the listing and the deletion.
    await db().transaction(async (tx) => {
      await tx.delete(schema.uploads).where(eq(schema.uploads.id, upload.id));
      await tx
        .insert(schema.clients)
        .values({ name: "Saved just now", logoKey: upload.key, logoWidth: upload.width, logoHeight: upload.height });
    });
    await deleteGarbage(db(), store, STORED_FILES, garbage);
    for (const key of storedImageKeys(upload.key, upload.width)) expect(await allKeys()).toContain(key);
  });
});
