// Call withTestDatabase() at the top of a test file that needs the database:
// it gets a fresh, migrated one of its own (PGlite in memory, or a PostgreSQL
// database cloned from the run's template).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { setDatabase, type Database } from "~/.server/db";
import { openDatabase } from "~/.server/db/client";
import { databaseUrl } from "../setup/global-database";

/** A Blob whose contents are the worker's one copy of a file (PGlite only reads it, and copies what it keeps). */
class HeldBlob extends Blob {
  constructor(private readonly contents: ArrayBuffer) {
    super([]);
  }
  override get size(): number {
    return this.contents.byteLength;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.contents);
  }
}

let heldDump: { file: string; contents: ArrayBuffer } | undefined;

/**
 * The run's migrated dump, read from disk once per worker (test files share their worker's
 * process, decision 0073): reading it and copying it into a new Blob at every open cost about
 * 100 ms of CPU per test file.
 */
export function migratedDump(): Blob {
  const file = inject("pgliteDumpPath");
  if (heldDump?.file !== file) {
    const bytes = fs.readFileSync(file);
    heldDump = { file, contents: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) };
  }
  return new HeldBlob(heldDump.contents);
}

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
      database = await openDatabase({ kind: "pglite-memory", loadDataDir: migratedDump() });
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

// The cached blank dump is only valid for the PGlite that made it.
function pgliteVersion(): string {
  let dir = path.dirname(fileURLToPath(import.meta.resolve("@electric-sql/pglite")));
  while (!fs.existsSync(path.join(dir, "package.json"))) dir = path.dirname(dir);
  return (JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as { version: string }).version;
}

/**
 * A blank embedded data dir as a tar, for a restore to start from: creating one
 * runs initdb (seconds of CPU and 800 MB). Cached across runs like the migrated
 * dump of tests/setup/global-database.ts.
 */
export async function blankPgliteTemplate(): Promise<string> {
  const file = path.join(os.tmpdir(), `playfolio-test-blank-pglite-${pgliteVersion()}.tar`);
  if (!fs.existsSync(file)) {
    const database = await openDatabase({ kind: "pglite-memory" });
    const dump = await (database.raw as unknown as PGlite).dumpDataDir("none");
    await database.close();
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  }
  return file;
}
