// Instances starting together on one PostgreSQL: one migrates under the lock,
// the others wait for it — longer than the statement timeout if they must (an
// instance that waited 10 s once exited with "Query read timeout"), up to a
// limit of their own, after which they give up with a message that says why.
import crypto from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { databaseUrl } from "../../../tests/setup/global-database";
import { type Database, openDatabase } from "./client";
import { MIGRATION_LOCK_ID, migrateDatabase } from "./migrate";

describe.runIf(process.env.TEST_DATABASE_KIND === "postgres")("migrations of instances starting together", () => {
  const name = `playfolio_test_${crypto.randomBytes(6).toString("hex")}`;
  let admin: pg.Client;
  let url: string;
  let database: Database;
  /** Another instance, migrating: it holds the lock until released. */
  let other: pg.Client;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database "${name}" template "${inject("postgresTemplate")}"`);
    url = databaseUrl(process.env.TEST_DATABASE_URL!, name);
    // Statements time out after 300 ms here (10 s in production).
    database = await openDatabase({ kind: "postgres", url, timeouts: { statementMs: 300, connectMs: 2000 } });
    other = new pg.Client({ connectionString: url });
    await other.connect();
  });
  afterAll(async () => {
    await other.end();
    await database.close();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  });

  test("an instance waits for another's migrations longer than the statement timeout, then finds nothing to do", async () => {
    await other.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    let done = false;
    const migrating = migrateDatabase(database).then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(done).toBe(false);
    await other.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]);
    await migrating;
  });

  test("past its own limit it gives up, saying so", async () => {
    await other.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    try {
      await expect(migrateDatabase(database, { lockWaitMs: 500 })).rejects.toThrow(
        "Gave up after 0.5 s waiting for another instance to finish migrating the database",
      );
    } finally {
      await other.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]);
    }
  });
});
