import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { metrics } from "../metrics";
import { type Database, openDatabase } from "./client";
import { createQueryQueue, withQueryPriority } from "./query-queue";

/** Resolves with a function that lets `fn` finish (a query that holds the queue). */
function held(queue: ReturnType<typeof createQueryQueue>) {
  let release!: () => void;
  const done = queue.run(() => new Promise<void>((resolve) => (release = resolve)));
  return { release: () => release(), done };
}

describe("the query queue", () => {
  test("urgent queries go before normal ones that waited longer, but normal ones get every fifth turn", async () => {
    const queue = createQueryQueue();
    const order: string[] = [];
    const hold = held(queue);
    const queued = [
      ...["n1", "n2"].map((name) => withQueryPriority("normal", () => queue.run(async () => order.push(name)))),
      ...["u1", "u2", "u3", "u4", "u5", "u6"].map((name) =>
        withQueryPriority("urgent", () => queue.run(async () => order.push(name))),
      ),
    ];
    expect(queue.stats()).toEqual({ busy: true, waiting: 8 });
    hold.release();
    await Promise.all([hold.done, ...queued]);
    expect(order).toEqual(["u1", "u2", "u3", "u4", "n1", "u5", "u6", "n2"]);
    expect(queue.stats()).toEqual({ busy: false, waiting: 0 });
  });

  test("outside a request (no priority) a query is normal", async () => {
    const queue = createQueryQueue();
    const order: string[] = [];
    const hold = held(queue);
    const plain = queue.run(async () => order.push("plain"));
    const urgent = withQueryPriority("urgent", () => queue.run(async () => order.push("urgent")));
    hold.release();
    await Promise.all([hold.done, plain, urgent]);
    expect(order).toEqual(["urgent", "plain"]);
  });

  test("once its slice is used up the queue lets the event loop turn before the next query", async () => {
    const order = async (sliceMs: number) => {
      const queue = createQueryQueue({ sliceMs });
      const seen: string[] = [];
      await Promise.all([
        queue.run(async () => {
          seen.push("query 1");
          // Work that waits for the event loop: a socket read, a timer, an immediate.
          setImmediate(() => seen.push("event loop"));
        }),
        queue.run(async () => seen.push("query 2")),
      ]);
      await new Promise((resolve) => setImmediate(resolve));
      return seen;
    };
    expect(await order(0)).toEqual(["query 1", "event loop", "query 2"]);
    // Within a slice the next query follows at once (this is what a whole slice of work looks like).
    expect(await order(60_000)).toEqual(["query 1", "query 2", "event loop"]);
  });

  test("a failing query passes the queue on", async () => {
    const queue = createQueryQueue();
    await expect(queue.run(() => Promise.reject(new Error("syntax error")))).rejects.toThrow("syntax error");
    expect(await queue.run(async () => "next")).toBe("next");
  });
});

describe("the embedded database's queries", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ kind: "pglite-memory" });
  });
  afterAll(() => database.close());

  const waitingQueries = async () =>
    (await metrics.registry.getMetricsAsJSON())
      .find((metric) => metric.name === "playfolio_db_pool_connections")
      ?.values.find((value) => value.labels.state === "waiting")?.value;

  test("go through the queue: a staff request's query passes the public ones waiting behind a transaction", async () => {
    const order: string[] = [];
    let release: (() => void) | undefined;
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await new Promise<void>((resolve) => (release = resolve));
    });
    const query = (name: string, priority: "normal" | "urgent") =>
      withQueryPriority(priority, async () => {
        await database.db.execute(sql`select ${name}::text as name`);
        order.push(name);
      });
    const queries = [query("public 1", "normal"), query("public 2", "normal"), query("staff", "urgent")];
    while (!release || (await waitingQueries()) !== 3) await new Promise((resolve) => setTimeout(resolve, 5));
    release();
    await Promise.all([transaction, ...queries]);
    expect(order).toEqual(["staff", "public 1", "public 2"]);
    expect(await waitingQueries()).toBe(0);
  });
});
