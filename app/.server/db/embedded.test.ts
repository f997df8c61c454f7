import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { blankPgliteTemplate } from "#tests/helpers/database";
import { dumpEmbedded, openDatabase, type Database } from "./client";
import { isUniqueViolation } from "./errors";

// The embedded database as the server opens it (on disk) and as tests do (in memory): one client, PGlite itself.
describe.skipIf(process.env.TEST_DATABASE_KIND === "postgres").each(["pglite", "pglite-memory"] as const)(
  "the embedded database (%s)",
  (kind) => {
    let dataDir: string;
    let database: Database;
    let client: PGlite;

    beforeAll(async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-embedded-"));
      // From the run's blank data dir, as a new server's starts from the build's template: initdb costs three times the CPU.
      const template = await blankPgliteTemplate();
      database = await openDatabase(
        kind === "pglite" ? { kind, dataDir, template } : { kind, loadDataDir: new Blob([fs.readFileSync(template)]) },
      );
      client = database.raw as PGlite;
      await client.query("create table thing (id int primary key, name text not null, at timestamptz)");
    }, 60_000);

    afterAll(async () => {
      await database?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    test("is PGlite in the server's own thread", () => {
      expect(client).toBeInstanceOf(PGlite);
    });

    test("statements waiting their turn let the thread read sockets between them", async () => {
      // Statements run in this thread; queued back to back, they would hold up every socket (and a 503) until the last.
      const queued = Array.from({ length: 20 }, () => database.db.execute("select pg_sleep(0.005)" as never));
      let last = false;
      void Promise.all(queued).then(() => (last = true));
      const timerRanBeforeTheLast = await new Promise<boolean>((resolve) => setTimeout(() => resolve(!last), 0));
      await Promise.all(queued);
      expect(timerRanBeforeTheLast).toBe(true);
    });

    test("Drizzle's parsers keep timestamps as text", async () => {
      await client.query("insert into thing values (1, 'one', '2026-01-02T03:04:05Z')");
      const rows = await database.db.execute<{ name: string; at: string }>(
        "select name, at from thing where id = 1" as never,
      );
      expect(rows.rows[0]).toEqual({ name: "one", at: expect.stringMatching(/^2026-01-02 03:04:05/) });
    });

    test("an error keeps its SQLSTATE and constraint, and a failed commit reaches the caller", async () => {
      const error = await client.query("insert into thing values (1, 'again', null)").catch((e: unknown) => e);
      expect(isUniqueViolation(error, "thing_pkey")).toBe(true);
      await client.query(
        "create table deferred (id int primary key, other int references thing (id) deferrable initially deferred)",
      );
      const failed = await client
        .transaction(async (tx) => {
          await tx.query("insert into deferred values (1, 99)");
        })
        .catch((e: unknown) => e);
      expect((failed as { code?: string }).code).toBe("23503");
    });

    test("a NOTIFY reaches its listener before the query that committed it returns", async () => {
      const heard: string[] = [];
      const unlisten = await client.listen("embedded_test", (payload) => heard.push(payload));
      await client.query("select pg_notify('embedded_test', 'hello')");
      expect(heard).toEqual(["hello"]);
      await unlisten();
      await client.query("select pg_notify('embedded_test', 'nobody')");
      expect(heard).toEqual(["hello"]);
    });

    test("a backup's dump waits for an open transaction, holds new statements back, and leaves the session as it was", async () => {
      await client.query("insert into thing values (2, 'two', null)");
      // pg_dump runs on the one session: inside this transaction it would see (and keep) a row rolled back later.
      let dump: Promise<Uint8Array> | undefined;
      await client
        .transaction(async (tx) => {
          await tx.query("insert into thing values (100, 'rolled back', null)");
          dump = dumpEmbedded(client, ["--data-only", "--table=public.thing"]);
          await new Promise((resolve) => setTimeout(resolve, 20));
          await tx.query("insert into thing values (101, 'rolled back too', null)");
          throw new Error("changed my mind");
        })
        .catch(() => {});
      // Asked after the dump: held back until it is done, so not in it.
      await new Promise((resolve) => setImmediate(resolve));
      const later = client.query("insert into thing values (102, 'after the dump', null)");
      const text = new TextDecoder().decode(await dump!);
      await later;
      expect(text).toContain("'two'");
      expect(text).not.toMatch(/rolled back|after the dump/);
      // pg_dump empties search_path on its session; unqualified names and writes still work afterwards.
      const ids = await client.query<{ id: number }>("select id from thing where id >= 100");
      expect(ids.rows).toEqual([{ id: 102 }]);
      await client.transaction((tx) => tx.query("insert into thing values (103, 'a write after', null)"));
    });
  },
);
