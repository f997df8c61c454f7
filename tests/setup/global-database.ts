// Migrates a database once per test run; every test file then starts from a
// copy of it: a PGlite dump (cached by migration contents in the OS temp dir,
// the build's own when it has one) and, with TEST_DATABASE_URL, a PostgreSQL
// template database.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../app/.server/db/client";
import { migrateDatabase } from "../../app/.server/db/migrate";
import { buildDatabaseTemplate, migrationsHash, writeDatabaseTemplate } from "../../app/.server/db/template";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteDumpPath: string;
    postgresTemplate: string;
  }
}

async function pgliteDump(hash: string): Promise<string> {
  const file = path.join(os.tmpdir(), `playfolio-test-db-${hash}.tar`);
  if (fs.existsSync(file)) return file;
  // The build's template for the same migrations, when there is one (npm test builds first, and so
  // does CI, on a machine with no cache): writeDatabaseTemplate made it too, so it is copied
  // instead of running initdb and every migration again (6 s of CPU before any file starts).
  // Copied, not used in place: a build started meanwhile empties build/.
  const built = buildDatabaseTemplate();
  if (path.basename(built) === `db-template-${hash}.tar` && fs.existsSync(built)) {
    const partial = `${file}.${process.pid}.partial`;
    fs.copyFileSync(built, partial);
    fs.renameSync(partial, file);
  } else await writeDatabaseTemplate(file);
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
