// The circuit breaker on a real PostgreSQL frozen with SIGSTOP (a throwaway
// server of this test's own, never the shared one): the first call that gets no
// answer opens it, every later call fails without waiting for the database, and
// once the database answers again the app uses it again, without a restart.
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { postgresBin, startPostgres, type Postgres } from "../../../tests/helpers/postgres";
import { requiredInCi } from "../../../tests/helpers/required-tool";
import { openDatabase, type Database } from "./client";
import { allowLongStatements } from "./long-statements";
import { isDatabaseUnavailable } from "./unavailable";

/** The failure of a call, as the code of the error under Drizzle's "Failed query" wrapper. */
const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => {
      let current = error as { code?: string; cause?: unknown } | undefined;
      while (current && !current.code && current.cause) current = current.cause as typeof current;
      return current;
    },
  );

const postgresInstalled = requiredInCi(postgresBin() !== undefined, "PostgreSQL (apt-get install postgresql)");

describe.runIf(postgresInstalled)("the database circuit breaker", () => {
  let postgres: Postgres;
  let database: Database;
  beforeAll(async () => {
    postgres = await startPostgres();
    database = await openDatabase({ kind: "postgres", url: postgres.url, timeouts: { breakerMs: 300 } });
  }, 120_000);
  afterAll(async () => {
    postgres?.freeze(false);
    await database?.close();
    postgres?.destroy();
  });

  test("a job's long statements (an import's) are not timed by the breaker, and do not open it", async () => {
    // An import's 500-row statement can pass the pages' limit on a busy but healthy database: it
    // failed, opened the breaker and failed other pages for half a second (decision 0090).
    const long = "select pg_sleep(0.6), 1 as one";
    // (Drizzle's queries run when awaited: awaited inside the scope.)
    const alone = await allowLongStatements(async () => (await database.db.execute(long)).rows);
    expect(alone).toEqual([{ pg_sleep: "", one: 1 }]);
    const inTransaction = await allowLongStatements(() =>
      database.db.transaction(async (tx) => (await tx.execute(long)).rows),
    );
    expect(inTransaction).toEqual([{ pg_sleep: "", one: 1 }]);
    // The breaker stayed closed: a page's statement goes straight through.
    expect(await errorOf(database.db.execute("select 1"))).toBeUndefined();
    // A page's statement that long is still cut off.
    expect((await errorOf(database.db.execute(long)))?.code).toBe("ETIMEDOUT");
    await expect.poll(async () => (await errorOf(database.db.execute("select 1"))) === undefined).toBe(true);
  });

  test("opens at the first call a frozen database does not answer, fails fast while open, closes when it answers", async () => {
    const select = () => database.db.execute("select 1 as one");
    expect((await select()).rows).toEqual([{ one: 1 }]);

    postgres.freeze(true);
    try {
      const first = await errorOf(select());
      expect(isDatabaseUnavailable(first)).toBe(true);
      expect(first?.code).toBe("ETIMEDOUT");
      // Open: refused without asking the database; a transaction too; and both count as unavailable.
      const next = await errorOf(select());
      expect(next?.code).toBe("EOPENBREAKER");
      expect(isDatabaseUnavailable(next)).toBe(true);
      expect((await errorOf(database.db.transaction(async (tx) => tx.execute("select 1"))))?.code).toBe("EOPENBREAKER");
      await expect(database.ping()).rejects.toMatchObject({ code: expect.stringMatching(/EOPENBREAKER|ETIMEDOUT/) });
    } finally {
      postgres.freeze(false);
    }
    await expect.poll(async () => (await errorOf(select())) === undefined, { timeout: 20_000 }).toBe(true);
    expect(await database.db.transaction(async (tx) => (await tx.execute("select 2 as two")).rows)).toEqual([
      { two: 2 },
    ]);
  });

  test("a transaction cut off by a frozen database hands its connection back: the pool stays whole and closes", async () => {
    // Waiting for a new connection (a pool with none open yet), and on an open one whose
    // `begin` gets no answer (Drizzle releases nothing when its begin fails).
    for (const warm of [false, true]) {
      const fresh = await openDatabase({ kind: "postgres", url: postgres.url, timeouts: { breakerMs: 300 } });
      const pool = fresh.raw as pg.Pool;
      if (warm) await fresh.db.execute("select 1");
      postgres.freeze(true);
      try {
        const failed = await errorOf(fresh.db.transaction(async (tx) => tx.execute("select 1")));
        expect(failed?.code).toBe("ETIMEDOUT");
      } finally {
        postgres.freeze(false);
      }
      // A connection that was being opened arrives once the database answers again.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(pool.totalCount - pool.idleCount, `checked out and never released (${warm ? "open" : "new"})`).toBe(0);
      await fresh.close();
      await expect.poll(async () => (await errorOf(database.db.execute("select 1"))) === undefined).toBe(true);
    }
  });
});
