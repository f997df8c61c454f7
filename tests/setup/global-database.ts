// Migrates a database once per test run; every test file then starts from a
// copy of it: a PGlite dump (cached by migration contents in the OS temp dir)
// and, with TEST_DATABASE_URL, a PostgreSQL template database.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../app/.server/db/client";
import { migrateDatabase, migrationsFolder } from "../../app/.server/db/migrate";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteDumpPath: string;
    postgresTemplate: string;
  }
}

function migrationsHash(): string {
  const hash = crypto.createHash("sha256");
  const folder = migrationsFolder();
  for (const file of fs.readdirSync(folder).sort()) {
    if (file.endsWith(".sql")) hash.update(fs.readFileSync(path.join(folder, file)));
  }
  hash.update(fs.readFileSync(path.join(folder, "meta", "_journal.json")));
  return hash.digest("hex").slice(0, 16);
}

async function pgliteDump(hash: string): Promise<string> {
  const file = path.join(os.tmpdir(), `playfolio-test-db-${hash}.tar`);
  if (fs.existsSync(file)) return file;
  const database = await openDatabase({ kind: "pglite-memory" });
  await migrateDatabase(database);
  const dump = await (database.raw as unknown as PGlite).dumpDataDir("none");
  await database.close();
  const partial = `${file}.${process.pid}.partial`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, file);
  return file;
}

export function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

export default async function setup(project: TestProject) {
  const hash = migrationsHash();
  project.provide("pgliteDumpPath", await pgliteDump(hash));

  const base = process.env.TEST_DATABASE_URL;
  if (!base) return;
  const template = `playfolio_test_template_${hash}_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`drop database if exists "${template}"`);
  await admin.query(`create database "${template}"`);
  const database = await openDatabase({ kind: "postgres", url: databaseUrl(base, template) });
  await migrateDatabase(database);
  await database.close();
  project.provide("postgresTemplate", template);

  return async () => {
    await admin.query(`drop database if exists "${template}" with (force)`);
    await admin.end();
  };
}
