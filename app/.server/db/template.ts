// A migrated embedded database as a tar, made by the build, that a new data dir starts from (decision
// 0086). Its name carries the migrations' hash, so it never stands in for other migrations.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { openDatabase } from "./client";
import { migrateDatabase, migrationsFolder } from "./migrate";

/** A short hash of the migrations' SQL and journal. */
export function migrationsHash(): string {
  const hash = crypto.createHash("sha256");
  const folder = migrationsFolder();
  for (const file of fs.readdirSync(folder).sort()) {
    if (file.endsWith(".sql")) hash.update(fs.readFileSync(path.join(folder, file)));
  }
  hash.update(fs.readFileSync(path.join(folder, "meta", "_journal.json")));
  return hash.digest("hex").slice(0, 16);
}

/** Where the build leaves the template for the current migrations: build/, beside the server bundle. */
export function buildDatabaseTemplate(): string {
  return path.join(path.dirname(migrationsFolder()), "build", `db-template-${migrationsHash()}.tar`);
}

/** Migrates an in-memory database and writes its data dir to `file` (whole or not at all). */
export async function writeDatabaseTemplate(file: string): Promise<void> {
  const database = await openDatabase({ kind: "pglite-memory" });
  try {
    await migrateDatabase(database);
    const dump = await (database.raw as PGlite).dumpDataDir("none");
    const partial = `${file}.${process.pid}.partial`;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  } finally {
    await database.close();
  }
}
