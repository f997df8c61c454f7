// Call withTestDatabase() at the top of a test file that needs the database:
// it gets a fresh, migrated one of its own (PGlite in memory, or a PostgreSQL
// database cloned from the run's template).
import crypto from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { setDatabase, type Database } from "~/.server/db";
import { openDatabase } from "~/.server/db/client";
import { databaseUrl } from "../setup/global-database";

export function withTestDatabase(): { current(): Database } {
  let database: Database | undefined;
  let cleanup: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    if (process.env.TEST_DATABASE_KIND === "postgres") {
      const base = process.env.TEST_DATABASE_URL!;
      const name = `playfolio_test_${crypto.randomBytes(6).toString("hex")}`;
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`create database "${name}" template "${inject("postgresTemplate")}"`);
      database = await openDatabase({ kind: "postgres", url: databaseUrl(base, name) });
      cleanup = async () => {
        await admin.query(`drop database if exists "${name}" with (force)`);
        await admin.end();
      };
    } else {
      const dump = fs.readFileSync(inject("pgliteDumpPath"));
      database = await openDatabase({ kind: "pglite-memory", loadDataDir: new Blob([dump]) });
    }
    setDatabase(database);
  });

  afterAll(async () => {
    setDatabase(undefined);
    await database?.close();
    await cleanup?.();
  });

  return {
    current() {
      if (!database) throw new Error("withTestDatabase: the database is not open yet (use it inside a test)");
      return database;
    },
  };
}
