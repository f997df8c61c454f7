// Committed writes publish small change events (kind, record, what, who, when;
// never content), logged in a bounded table in commit order, and this process
// hears them — also another instance's, on PostgreSQL.
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient } from "#tests/helpers/factories";
import { createUser, type TestUser } from "#tests/helpers/users";
import { db, schema } from "~/.server/db";
import { withActor, withHistoryScope } from "~/.server/db/history-scope";
import { createIndustryType } from "~/domain/industry-types/industry-types.server";
import { type Change, type ChangeFeed, listenForChanges } from "./changes";
import { changesAfter, latestChangeId } from "./log";

const database = withTestDatabase();
const onPostgres = process.env.TEST_DATABASE_KIND === "postgres";

let feed: ChangeFeed;
let heard: Change[] = [];
let anna: TestUser;

beforeAll(async () => {
  feed = await listenForChanges(database.current(), { reconnectMs: 50 });
  feed.subscribe((change) => heard.push(change));
  anna = await createUser({ role: "staff", name: "Anna Berg" });
});
afterAll(() => feed.stop());

/** The logged events heard while `write` ran (and just after, for PostgreSQL's listener). */
async function eventsOf(write: () => Promise<unknown>, expected = 1): Promise<Change[]> {
  const before = await latestChangeId(database.current());
  heard = [];
  await write();
  const logged = () => heard.filter((change) => change.id !== undefined && change.id > before);
  await vi.waitFor(() => expect(logged().length).toBeGreaterThanOrEqual(expected), { timeout: 5000, interval: 10 });
  // Nothing more is on its way: the log holds exactly what was heard.
  expect((await changesAfter(database.current(), before)).changes).toEqual(logged());
  return logged();
}

describe("a committed write publishes a change event", () => {
  test("naming the record, what happened, who and when, and nothing of its content", async () => {
    const [event] = await eventsOf(() =>
      withHistoryScope(anna, () => createIndustryType({ name: "Secret name", description: "Secret description" })),
    );
    expect(event).toEqual({
      id: expect.any(Number),
      kind: "industry-type",
      record: expect.stringMatching(/^[0-9a-f-]{36}$/),
      op: "created",
      actor: anna.id,
      actorName: "Anna Berg",
      at: expect.any(String),
    });
    expect(Math.abs(Date.parse(event!.at!) - Date.now())).toBeLessThan(60_000);
    expect(JSON.stringify(event)).not.toContain("Secret");
  });

  test("a write outside any signed-in request names nobody; inside a transaction, its person", async () => {
    const [anonymous] = await eventsOf(() => makeClient({ name: "Walk-in" }));
    expect(anonymous).toMatchObject({ kind: "client", op: "created", actor: null, actorName: null });

    const client = await makeClient();
    const [named] = await eventsOf(() =>
      withHistoryScope(anna, () =>
        db().transaction(async (tx) => {
          await withActor(tx);
          await tx.update(schema.clients).set({ location: "Harbour" }).where(eq(schema.clients.id, client.id));
        }),
      ),
    );
    expect(named).toMatchObject({ kind: "client", record: client.id, op: "updated", actor: anna.id });
  });

  test("one event per record and transaction, at commit; a rolled-back transaction publishes none", async () => {
    const client = await makeClient();
    const events = await eventsOf(
      () =>
        db().transaction(async (tx) => {
          await tx.update(schema.clients).set({ location: "One" }).where(eq(schema.clients.id, client.id));
          await tx.update(schema.clients).set({ location: "Two" }).where(eq(schema.clients.id, client.id));
          await tx.insert(schema.projects).values({ title: "Tower", clientId: client.id });
        }),
      2,
    );
    expect(events.map((event) => [event.kind, event.op])).toEqual([
      ["client", "updated"],
      ["project", "created"],
    ]);

    const before = await latestChangeId(database.current());
    await db()
      .transaction(async (tx) => {
        await tx.insert(schema.projects).values({ title: "Never", clientId: client.id });
        throw new Error("rolled back");
      })
      .catch(() => {});
    await db().execute("select 1");
    expect((await changesAfter(database.current(), before)).changes).toEqual([]);
  });

  test("past 20 records of a kind in one transaction, one event stands for all of them", async () => {
    const client = await makeClient();
    const events = await eventsOf(
      () =>
        db().transaction(async (tx) => {
          for (let i = 0; i < 30; i++) await tx.insert(schema.projects).values({ title: `P${i}`, clientId: client.id });
        }),
      21,
    );
    expect(events).toHaveLength(21);
    expect(events.slice(0, 20).every((event) => event.record !== null)).toBe(true);
    expect(events[20]).toMatchObject({ kind: "project", record: null });
  });

  test("the render cache's content version is one of these events, unlogged", async () => {
    heard = [];
    await makeClient();
    await vi.waitFor(() => expect(heard.some((change) => change.kind === "content")).toBe(true), {
      timeout: 5000,
      interval: 10,
    });
    expect(heard.find((change) => change.kind === "content")).toEqual({
      kind: "content",
      record: expect.stringMatching(/^\d+$/),
    });
  });
});

describe("the log", () => {
  test("keeps about the last 10,000 events; a reader from before them is told it missed some", async () => {
    const first = await latestChangeId(database.current());
    await db().execute(
      `insert into live_events (kind, record_id, op) select 'filler', null, 'updated' from generate_series(1, 11000)`,
    );
    await makeClient();
    const { rows } = await db().execute<{ count: string }>("select count(*)::text as count from live_events");
    expect(Number(rows[0]!.count)).toBeLessThanOrEqual(10_001);
    expect((await changesAfter(database.current(), first)).truncated).toBe(true);
    const recent = await latestChangeId(database.current());
    expect(await changesAfter(database.current(), recent - 5)).toMatchObject({ truncated: false });
  });
});

describe.runIf(onPostgres)("PostgreSQL: several instances", () => {
  const connect = async () => {
    const client = new pg.Client((database.current().raw as pg.Pool).options);
    await client.connect();
    return client;
  };

  test("another instance's commit is heard, and what was committed while the listener was lost is caught up", async () => {
    const other = await connect();
    try {
      heard = [];
      await other.query("insert into industry_types (name) values ($1)", [`Elsewhere ${Date.now()}`]);
      await vi.waitFor(() => expect(heard.some((change) => change.kind === "industry-type")).toBe(true), {
        timeout: 5000,
        interval: 10,
      });

      // The listening connection dies; a commit happens before it is back.
      heard = [];
      await other.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where query = 'listen playfolio_changes' and datname = current_database()",
      );
      const [row] = (await other.query("insert into clients (name) values ('While away') returning id")).rows;
      await vi.waitFor(() => expect(heard.some((change) => change.record === row.id)).toBe(true), {
        timeout: 10_000,
        interval: 20,
      });
    } finally {
      await other.end();
    }
  });

  test("a listener whose first connection fails is sent, once through, what was committed since it started", async () => {
    const real = database.current();
    const options = { ...(real.raw as pg.Pool).options };
    const working = options.connectionString!;
    // Nothing listens on port 1: the listening connection is refused until the address is put right.
    const refused = new URL(working);
    refused.port = "1";
    options.connectionString = refused.toString();
    const late = await listenForChanges({ ...real, raw: { options } as unknown as pg.Pool }, { reconnectMs: 50 });
    try {
      const got: Change[] = [];
      late.subscribe((change) => got.push(change));
      const [client] = await db().insert(schema.clients).values({ name: "Before the listener" }).returning();
      options.connectionString = working;
      await vi.waitFor(() => expect(got.some((change) => change.record === client!.id)).toBe(true), {
        timeout: 10_000,
        interval: 20,
      });
    } finally {
      await late.stop();
    }
  });

  test("event ids follow commit order: a later id is never visible before an earlier one", async () => {
    const slow = await connect();
    const fast = await connect();
    // Inquiries: a table no public page reads, so no content-version row lock orders these commits.
    const insertInquiry = (client: pg.Client, name: string) =>
      client.query(
        "insert into inquiries (name, email, organisation, message) values ($1, 'a@example.com', 'Parks', 'Hello')",
        [`${name} ${Date.now()}`],
      );
    try {
      // A commit that takes a while after its events are written (a deferred trigger after ours).
      await slow.query(`
        create or replace function test_slow_commit() returns trigger as $$
        begin perform pg_sleep(0.5); return null; end $$ language plpgsql`);
      await slow.query(`
        create constraint trigger zz_test_slow_commit after insert on inquiries
        deferrable initially deferred for each row
        when (new.name like 'Slow %') execute function test_slow_commit()`);
      await slow.query("begin");
      await insertInquiry(slow, "Slow");
      const slowCommit = slow.query("commit");
      await new Promise((resolve) => setTimeout(resolve, 100));
      await insertInquiry(fast, "Fast");
      // Once the fast commit returns, every event with a smaller id is visible.
      const { rows } = await fast.query<{ id: string }>(
        "select id::text from live_events where kind = 'inquiry' order by id desc limit 2",
      );
      await slowCommit;
      expect(rows).toHaveLength(2);
      expect(Number(rows[1]!.id)).toBe(Number(rows[0]!.id) - 1);
    } finally {
      await slow.query("rollback").catch(() => {});
      await slow.query("drop trigger if exists zz_test_slow_commit on inquiries").catch(() => {});
      await slow.end();
      await fast.end();
    }
  });
});
