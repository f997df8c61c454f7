// Helpers for the backup tests: real data dirs and PostgreSQL databases to back
// up and restore into, a seed that touches every table and type, and exact
// dumps to compare before and after.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import * as tar from "tar";
import { expect, inject, onTestFinished } from "vitest";
import { schema, type Database } from "~/.server/db";
import { openDatabase } from "~/.server/db/client";
import { runRestore } from "~/.server/backup/run-restore";
import { uploadFiles } from "~/.server/backup/uploads";
import { TABLES_WITHOUT_ROWS } from "~/tables/backup";
import { factories } from "../factories";
import { databaseUrl } from "../setup/global-database";
import { blankPgliteTemplate } from "./database";

export type DatabaseKind = "pglite" | "postgres";

export function currentKind(): DatabaseKind {
  return process.env.TEST_DATABASE_KIND === "postgres" ? "postgres" : "pglite";
}

export function tempDir(label: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `playfolio-${label}-`));
}

/** A migrated embedded database on disk under `dataDir`/db, in its worker thread as the server opens it. */
export function openDataDir(dataDir: string): Promise<Database> {
  return openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "db"), template: inject("pgliteDumpPath") });
}

export interface PostgresDatabase {
  url: string;
  dispose(): Promise<void>;
}

/** A new database on TEST_DATABASE_URL: empty, or migrated (a copy of the run's template). */
export async function newPostgres(contents: "empty" | "migrated"): Promise<PostgresDatabase> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("newPostgres: TEST_DATABASE_URL is not set");
  const name = `playfolio_backup_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  const template = contents === "migrated" ? ` template "${inject("postgresTemplate")}"` : "";
  await admin.query(`create database "${name}"${template}`);
  return {
    url: databaseUrl(base, name),
    dispose: async () => {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

export const FILES: Record<string, Buffer> = {
  "client-logos/123-ab.webp": Buffer.from("RIFF fake webp"),
  "projects/p1/images/3d_renders/1-cd.webp": crypto.randomBytes(70_000),
  "contracts/agreement final.pdf": Buffer.from("%PDF-1.7 ünïcødé"),
  "playground-options/empty.webp": Buffer.alloc(0),
};

export function writeFiles(uploadsDir: string, files: Record<string, Buffer> = FILES): void {
  for (const [key, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(uploadsDir, key)), { recursive: true });
    fs.writeFileSync(path.join(uploadsDir, key), content);
  }
}

/** Every file under `dir`, by key. */
export async function readFiles(dir: string): Promise<Record<string, Buffer>> {
  const files: Record<string, Buffer> = {};
  for (const key of await uploadFiles(dir)) files[key] = fs.readFileSync(path.join(dir, key));
  return files;
}

const at = (iso: string) => new Date(iso);

/** Rows in every table, with awkward values, live state included; enough rows to need several INSERTs. */
export async function seed(database: Database): Promise<void> {
  const { db } = database;
  const [ann] = await db
    .insert(schema.user)
    .values({
      name: "Ann O'Neil",
      email: "ann@example.com",
      emailVerified: true,
      role: "admin",
      createdAt: at("2024-01-02T03:04:05.678Z"),
      updatedAt: at("2024-06-07T08:09:10.111Z"),
    })
    .returning();
  const [bob] = await db
    .insert(schema.user)
    .values({ name: "Bob", email: "bob@example.com", image: "https://example.com/b.png" })
    .returning();
  await db.insert(schema.session).values({
    token: "token-1",
    userId: ann!.id,
    expiresAt: at("2030-01-01T00:00:00.001Z"),
    ipAddress: "::1",
    userAgent: null,
  });
  await db.insert(schema.account).values({
    accountId: ann!.id,
    providerId: "credential",
    userId: ann!.id,
    password: "scrypt$abc$def",
    accessTokenExpiresAt: null,
  });
  await db.insert(schema.verification).values({
    identifier: "email:bob@example.com",
    value: "v",
    expiresAt: at("2031-05-06T07:08:09Z"),
  });
  // The entities through the shared factories, with awkward values.
  const make = factories(db);
  await make.industryType({ name: "Restaurant" });
  await make.industryType({ name: "Church", description: "Places of worship" });
  const acme = await make.client({
    name: "Acme Play",
    industryType: "Restaurant",
    logoKey: "client-logos/123-ab.webp",
    logoWidth: 320,
    logoHeight: 200,
    notes: 'Line one\nline two, "quoted", back\\slash, tab\t, emoji 🛝 and ünïcødé; semicolon; -- not a comment',
    createdBy: ann!.id,
  });
  const other = await make.client({ name: "Other", createdBy: null });
  const contact = await make.contact({ name: "Carol", email: "carol@example.com", clientId: acme.id, userId: bob!.id });
  await make.clientContact({ clientId: acme.id, contactId: contact.id });
  const project = await make.project({
    title: "Big Fun Center",
    projectName: "big-fun-center",
    clientId: acme.id,
    status: "completed",
    endDate: "2025-02-28",
    showInGallery: true,
    isFeatured: true,
    salePrice: "1234.50",
    capacity: 120,
    hasMainPlayground: true,
    mainPlaygroundLength: "12.25",
    mainPlaygroundWidth: "0.05",
    sqFeet: "9999999999.99",
    createdBy: ann!.id,
  });
  const draft = await make.project({ title: "Draft", clientId: other.id });
  await make.image({
    projectId: project.id,
    storageKey: "projects/p1/images/3d_renders/1-cd.webp",
    width: 1600,
    height: 900,
    isFeatured: true,
    imageCategory: "3d_renders",
  });
  await make.video({ projectId: project.id, title: "Tour", videoCategory: "real_videos" });
  const option = await make.option({
    optionName: "Slide",
    imageKey: "playground-options/empty.webp",
    imageWidth: 1,
    imageHeight: 1,
  });
  await make.projectOption({ projectId: project.id, optionId: option.id });
  await make.projectOption({ projectId: draft.id, optionId: option.id });
  const gallery = await make.gallery({ name: "Best of", slug: "best-of", isPublished: true });
  await make.galleryProject({ galleryId: gallery.id, projectId: project.id, displayOrder: 0 });
  await make.contract({
    projectId: project.id,
    status: "signed",
    dateSent: "2024-12-31",
    dateSigned: "2025-01-01",
    documentKey: "contracts/agreement final.pdf",
  });
  // More rows than one INSERT statement of the dump holds (1000).
  await db.execute(
    sql`insert into industry_types (name, created_at)
        select 'Type ' || g, timestamptz '2024-01-01 00:00:00.123+00' + g * interval '1 second'
        from generate_series(1, 2343) g`,
  );
  await db.execute(
    sql`insert into rate_limit (key, count, window_started_at, blocked_until)
        values ('sign-in:ip:192.0.2.1', 7, now(), now() + interval '1 minute')`,
  );
  await db.insert(schema.singleUse).values({ key: "inquiry-stamp:used-once", expiresAt: at("2031-01-01T00:00:00Z") });
  // An account with two-factor on: its secret stays out of a backup, so a restore turns it off.
  await db
    .update(schema.user)
    .set({ twoFactorEnabled: true })
    .where(sql`${schema.user.id} = ${bob!.id}`);
  await db.insert(schema.twoFactor).values({ secret: "s", backupCodes: "c", userId: bob!.id });
}

export type TableDump = Record<string, Record<string, unknown>[]>;

/**
 * Every row of every table as Postgres formats it (timestamps in UTC), in a
 * stable order, leaving aside the tables a backup keeps empty: a restore must
 * give back exactly this (but see afterRestore).
 */
export async function dumpTables(database: Database): Promise<TableDump> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local time zone 'UTC'`);
    const tables = await tx.execute<{ name: string }>(
      sql`select table_name::text as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    const dump: TableDump = {};
    for (const { name } of tables.rows) {
      if (TABLES_WITHOUT_ROWS.includes(name)) continue;
      const rows = await tx.execute<{ row: string }>(
        sql`select row_to_json(t)::text as "row" from ${sql.identifier(name)} t order by 1`,
      );
      dump[name] = rows.rows.map((row) => JSON.parse(row.row) as Record<string, unknown>);
    }
    return dump;
  });
}

/** What a restore of `source` holds: the same rows, with two-factor turned off (which touches those accounts' updated_at). */
export function afterRestore(source: TableDump): TableDump {
  return {
    ...source,
    user: source.user!.map((row) =>
      row.two_factor_enabled ? { ...row, two_factor_enabled: false, updated_at: expect.any(String) } : row,
    ),
  };
}

/** How many rows each table holds. */
export function rowCounts(dump: TableDump): Record<string, number> {
  return Object.fromEntries(Object.entries(dump).map(([name, rows]) => [name, rows.length]));
}

/** Unpacks `archive`, lets `change` edit the files, and packs them into a new archive. */
export async function repack(archive: string, change: (dir: string) => void): Promise<string> {
  const dir = tempDir("repack");
  await tar.extract({ file: archive, cwd: dir });
  change(dir);
  const out = path.join(tempDir("repacked"), "backup.tar.gz");
  await tar.create({ file: out, gzip: true, cwd: dir }, fs.readdirSync(dir));
  return out;
}

export function editManifest(dir: string, edit: (manifest: Record<string, unknown>) => void): void {
  const file = path.join(dir, "manifest.json");
  const manifest = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>;
  edit(manifest);
  fs.writeFileSync(file, JSON.stringify(manifest));
}

/** Leftover staging folders of a backup or restore. */
export function stagingLeftovers(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((name) => name.startsWith(".backup-") || name.startsWith(".restore-"));
}

export interface RestoredTarget {
  dataDir: string;
  database: Database;
}

/**
 * Restores `file` with the restore command's code into a new empty target of
 * the run's engine: a DATA_DIR (embedded), or a new PostgreSQL database plus a
 * DATA_DIR for the files. The target is opened afterwards and closed at the end of the test.
 */
export async function restoreIntoNew(file: string, kind: DatabaseKind = currentKind()): Promise<RestoredTarget> {
  const dataDir = tempDir("restore-target");
  if (kind === "pglite") {
    await runRestore({ dataDir, file, blankTemplate: await blankPgliteTemplate() });
    const database = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "db") });
    onTestFinished(() => database.close());
    return { dataDir, database };
  }
  const target = await newPostgres("empty");
  onTestFinished(() => target.dispose());
  await runRestore({ dataDir, databaseUrl: target.url, file });
  const database = await openDatabase({ kind: "postgres", url: target.url });
  onTestFinished(() => database.close());
  return { dataDir, database };
}
