import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { blankPgliteTemplate } from "#tests/helpers/database";
import { openDatabase, type Database } from "./client";
import { isUniqueViolation } from "./errors";
import type { EmbeddedClient } from "./pglite-worker";
import { inAdmissionPool } from "./statement-lanes";

// The embedded database on disk (what the server opens); PostgreSQL has its own process already.
describe.skipIf(process.env.TEST_DATABASE_KIND === "postgres")("the embedded database in its own thread", () => {
  let dataDir: string;
  let database: Database;
  let client: EmbeddedClient;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-pglite-worker-"));
    // From the run's blank data dir, as a new server's starts from the build's template: initdb costs three times the CPU.
    database = await openDatabase({ kind: "pglite", dataDir, template: await blankPgliteTemplate() });
    client = database.raw as EmbeddedClient;
    await client.query("create table thing (id int primary key, name text not null, at timestamptz)");
  }, 60_000);

  afterAll(async () => {
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test("a long statement leaves the server's thread free to run timers and read sockets", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    try {
      // Seconds of work inside the database; in this thread it would block every timer until it ended.
      const running = client.query("select count(*) from generate_series(1, 3000000) a, generate_series(1, 1) b");
      let ticksDuring = 0;
      await Promise.race([
        running,
        new Promise<void>((resolve) => {
          const check = setInterval(() => {
            if (ticks >= 5) {
              ticksDuring = ticks;
              clearInterval(check);
              resolve();
            }
          }, 5);
        }),
      ]);
      expect(ticksDuring).toBeGreaterThanOrEqual(5);
      await running;
    } finally {
      clearInterval(timer);
    }
  });

  test("Drizzle's queries and parsers work through it: timestamps stay text", async () => {
    await client.query("insert into thing values (1, 'one', '2026-01-02T03:04:05Z')");
    const rows = await database.db.execute<{ name: string; at: string }>(
      "select name, at from thing where id = 1" as never,
    );
    expect(rows.rows[0]).toEqual({ name: "one", at: expect.stringMatching(/^2026-01-02 03:04:05/) });
  });

  test("an error keeps its SQLSTATE and constraint, so it can be explained", async () => {
    const error = await client.query("insert into thing values (1, 'again', null)").catch((e: unknown) => e);
    expect(isUniqueViolation(error, "thing_pkey")).toBe(true);
  });

  test("a transaction commits, or rolls back when its callback throws; others wait for it", async () => {
    await client.transaction(async (tx) => {
      await tx.query("insert into thing values (2, 'two', null)");
    });
    const failed = await client
      .transaction(async (tx) => {
        await tx.query("insert into thing values (3, 'three', null)");
        throw new Error("changed my mind");
      })
      .catch((e: unknown) => e);
    expect((failed as Error).message).toBe("changed my mind");

    // A query outside waits while a transaction holds the one connection, and then sees its commit.
    let outside: Promise<unknown> | undefined;
    await client.transaction(async (tx) => {
      await tx.query("insert into thing values (4, 'four', null)");
      outside = client.query<{ n: number }>("select count(*)::int as n from thing where id = 4");
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(((await outside) as { rows: { n: number }[] }).rows[0]!.n).toBe(1);

    const ids = await client.query<{ id: number }>("select id from thing order by id");
    expect(ids.rows.map((row) => row.id)).toEqual([1, 2, 4]);
  });

  test("a failed commit is reported to the caller", async () => {
    await client.query(
      "create table deferred (id int primary key, other int references thing (id) deferrable initially deferred)",
    );
    const error = await client
      .transaction(async (tx) => {
        await tx.query("insert into deferred values (1, 99)");
      })
      .catch((e: unknown) => e);
    expect((error as { code?: string }).code).toBe("23503");
  });

  test("a NOTIFY reaches its listener before the query that committed it returns", async () => {
    const heard: string[] = [];
    const unlisten = await client.listen("worker_test", (payload) => heard.push(payload));
    await client.query("select pg_notify('worker_test', 'hello')");
    expect(heard).toEqual(["hello"]);
    await unlisten();
    await client.query("select pg_notify('worker_test', 'nobody')");
    expect(heard).toEqual(["hello"]);
  });

  test("a backup's dump waits for an open transaction, holds new statements back, and leaves the session as it was", async () => {
    // pg_dump runs on the one session: inside this transaction it would see (and keep) a row rolled back later.
    let dump: Promise<Uint8Array> | undefined;
    await client
      .transaction(async (tx) => {
        await tx.query("insert into thing values (100, 'rolled back', null)");
        dump = client.dump(["--data-only", "--table=public.thing"]);
        await tx.query("insert into thing values (101, 'rolled back too', null)");
        throw new Error("changed my mind");
      })
      .catch(() => {});
    // Sent after the dump: held back until it is done, so not in it.
    const later = client.query("insert into thing values (102, 'after the dump', null)");
    const text = new TextDecoder().decode(await dump!);
    await later;
    expect(text).toContain("'two'");
    expect(text).not.toMatch(/rolled back|after the dump/);
    // pg_dump empties search_path on its session; unqualified names still work afterwards.
    const ids = await client.query<{ id: number }>("select id from thing where id >= 100");
    expect(ids.rows).toEqual([{ id: 102 }]);
  });

  test("a staff request's statement waits behind at most one of the public's, not the whole queue", async () => {
    const slow = "select pg_sleep(0.02)";
    const finished: string[] = [];
    const publicOnes = inAdmissionPool("public", () =>
      Array.from({ length: 20 }, (_, i) => client.query(slow).then(() => void finished.push(`public ${i}`))),
    );
    await new Promise((resolve) => setImmediate(resolve)); // the public statements are all asked first
    const staff = inAdmissionPool("staff", () => client.query("select 1").then(() => void finished.push("staff")));
    await Promise.all([...publicOnes, staff]);
    // One public statement runs in the database's thread; the staff one comes next.
    expect(finished.indexOf("staff")).toBeLessThanOrEqual(1);
  });

  test("a public transaction that waits for the public lane runs its statements in itself, and ends", async () => {
    const running = inAdmissionPool("public", () => client.query("select pg_sleep(0.05)"));
    const publicTransaction = inAdmissionPool("public", () =>
      client.transaction(async (tx) => {
        await tx.query("insert into thing (id, name) values (90, 'through the lane')");
      }),
    );
    await new Promise((resolve) => setImmediate(resolve)); // its begin now waits behind the running statement
    // A staff statement is sent meanwhile: the transaction must not take its place.
    const staff = inAdmissionPool("staff", () => client.query("select 1"));
    await Promise.all([running, publicTransaction, staff]);
    const { rows } = await client.query<{ name: string }>("select name from thing where id = 90");
    expect(rows).toEqual([{ name: "through the lane" }]);
  });

  // Last: it closes the database the other tests use (closing twice is harmless, see afterAll).
  test("once closed, a query fails at once instead of waiting for ever", async () => {
    await database.close();
    await expect(client.query("select 1")).rejects.toThrow(/stopped|closed/);
  });
});
