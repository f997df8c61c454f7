// The staff's live stream (GET /admin/events) and presence (POST /admin/presence),
// through their route glue with real requests on a real database: what a stream
// is sent, what it is sent again after a reconnect, when it ends, its limits;
// and on PostgreSQL, a change made through one instance reaching a stream of another.
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeProject } from "#tests/helpers/factories";
import { readSse, type SseEvent, type SseReader } from "#tests/helpers/sse";
import { createUser, formRequest, request, type TestUser } from "#tests/helpers/users";
import { isStaffSession } from "~/.server/auth/access";
import { type Database, setDatabase } from "~/.server/db";
import { withHistoryScope } from "~/.server/db/history-scope";
import { openDatabase } from "~/.server/db/client";
import { setLiveStreams } from "~/.server/live";
import { type ChangeFeed, listenForChanges } from "~/.server/live/changes";
import { type LiveStreams, startLiveStreams } from "~/.server/live/streams";
import { createIndustryType } from "~/domain/industry-types/industry-types.server";
import { disableAccount } from "~/domain/users/disable.server";
import { signOut } from "~/domain/users/users.server";
import type { LiveChange } from "~/lib/live";
import { openEventStream, presenceAction } from "./events.server";

const database = withTestDatabase();
const onPostgres = process.env.TEST_DATABASE_KIND === "postgres";

let feed: ChangeFeed;
let live: LiveStreams;
let admin: TestUser;
let anna: TestUser;
const open: SseReader[] = [];

function start(limits = { perPerson: 3, total: 10 }) {
  live = startLiveStreams(database.current(), feed, { limits, isStaff: isStaffSession, sweepMs: 200 });
  setLiveStreams(live);
}

beforeAll(async () => {
  feed = await listenForChanges(database.current());
  admin = await createUser({ role: "admin", name: "Olga Admin" });
  anna = await createUser({ role: "staff", name: "Anna Berg" });
  start();
});
afterEach(async () => {
  for (const stream of open.splice(0)) await stream.cancel();
});
afterAll(async () => {
  await live.stop();
  setLiveStreams(undefined);
  await feed.stop();
});

async function connect(user: TestUser, headers: Record<string, string> = {}): Promise<SseReader> {
  const response = await openEventStream(request("/admin/events", { user, headers }));
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("text/event-stream; charset=utf-8");
  const stream = readSse(response);
  open.push(stream);
  return stream;
}

const change = (event: SseEvent) => event.data as LiveChange;
const isChange = (kind: string) => (event: SseEvent) => event.event === "change" && change(event).kind === kind;

describe("a staff member's stream", () => {
  test("its data URL is a 404: single fetch would wait for the stream's end", async () => {
    await expect(openEventStream(request("/admin/events.data", { user: anna }))).rejects.toMatchObject({
      init: { status: 404 },
    });
  });

  test("starts with its id and hears each committed change: kind, record, who, when — no content", async () => {
    const stream = await connect(anna);
    const hello = await stream.next((event) => event.event === "hello");
    expect(hello.data).toEqual({ stream: expect.stringMatching(/^[0-9a-f-]{36}$/) });

    const type = await withHistoryScope(admin, () => createIndustryType({ name: "Museums", description: "Private" }));
    const event = await stream.next(isChange("industry-type"));
    expect(event.id).toBe(String(change(event).id));
    expect(change(event)).toEqual({
      id: expect.any(Number),
      kind: "industry-type",
      record: type.id,
      op: "created",
      actor: { id: admin.id, name: "Olga Admin" },
      at: expect.any(String),
    });
    expect(JSON.stringify(stream.events)).not.toContain("Museums");
  });

  test("reconnecting with Last-Event-ID, it is first sent what it missed, in order", async () => {
    const first = await connect(anna);
    // A stream starts where the log stood when it said hello. Written before the hello was read (the
    // stream reads the log's position through the pool, after the response began), "Before" could
    // fall before that point and never be sent: under load on PostgreSQL it did once in CI.
    await first.next((event) => event.event === "hello");
    const client = await makeClient({ name: "Before" });
    const seen = await first.next((event) => event.event === "change" && change(event).record === client.id);
    await first.cancel();

    // Committed while the browser was away.
    const missed = [await makeClient({ name: "Away 1" }), await makeClient({ name: "Away 2" })];
    const again = await connect(anna, { "Last-Event-ID": seen.id! });
    await again.next((event) => event.event === "hello");
    const replayed = [await again.next(isChange("client")), await again.next(isChange("client"))];
    expect(replayed.map((event) => change(event).record)).toEqual(missed.map((row) => row.id));
    expect(Number(replayed[0]!.id)).toBeGreaterThan(Number(seen.id));

    // And what happens next, as usual.
    const after = await makeClient({ name: "After" });
    expect(change(await again.next(isChange("client"))).record).toBe(after.id);
    // Exactly what it missed: nothing it had seen again, no change twice.
    const changes = again.events.filter((event) => event.event === "change");
    expect(changes.every((event) => Number(event.id) > Number(seen.id))).toBe(true);
    expect(new Set(changes.map((event) => event.id)).size).toBe(changes.length);
    expect(changes.filter(isChange("client")).map((event) => change(event).record)).toEqual([
      ...missed.map((row) => row.id),
      after.id,
    ]);
    // Events that are not changes leave the browser's Last-Event-ID where the last change put it.
    expect(
      again.events.filter((event) => event.event !== "change").every((event) => !event.id || event.id === seen.id),
    );
  });

  test("an id older than the log keeps is told to reload everything (reset)", async () => {
    await database
      .current()
      .db.execute(
        `insert into live_events (kind, record_id, op) select 'filler', null, 'updated' from generate_series(1, 11000)`,
      );
    await makeClient();
    const stream = await connect(anna, { "Last-Event-ID": "1" });
    const reset = await stream.next((event) => event.event === "reset");
    expect(Number(reset.id)).toBeGreaterThan(11_000);
  });

  test("ends at once when its person signs out", async () => {
    const person = await createUser({ role: "staff" });
    const stream = await connect(person);
    await stream.next((event) => event.event === "hello");
    await signOut(request("/auth/sign-out", { method: "POST", user: person }));
    expect((await stream.next((event) => event.event === "end")).data).toEqual({ reason: "signed-out" });
    await stream.closed();
  });

  test("ends at once when its account is disabled", async () => {
    const person = await createUser({ role: "staff" });
    const stream = await connect(person);
    await stream.next((event) => event.event === "hello");
    await disableAccount({ ...admin, role: "admin" }, person.id);
    await stream.next((event) => event.event === "end");
    await stream.closed();
  });

  test("a few per person and a bounded number in all; the drain ends every one and refuses new ones", async () => {
    await live.stop();
    start({ perPerson: 2, total: 3 });
    await connect(anna);
    await connect(anna);
    const third = await openEventStream(request("/admin/events", { user: anna }));
    expect(third.status).toBe(429);
    await connect(admin);
    const full = await openEventStream(request("/admin/events", { user: admin }));
    expect(full.status).toBe(503);
    expect(full.headers.get("Retry-After")).toBeTruthy();

    const streams = [...open];
    live.drain();
    for (const stream of streams) {
      expect((await stream.next((event) => event.event === "end")).data).toEqual({ reason: "restart" });
      await stream.closed();
    }
    expect((await openEventStream(request("/admin/events", { user: anna }))).status).toBe(503);
    await live.stop();
    start();
  });
});

describe("the stream's upkeep", () => {
  /** Everything the stream sends, as text, read as it comes. */
  function readRaw(response: Response) {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    const raw = { text: "", done: false, cancel: () => reader.cancel().catch(() => {}) };
    void (async () => {
      for (;;) {
        const { done, value } = await reader.read().catch(() => ({ done: true, value: "" }));
        if (done) break;
        raw.text += value;
      }
      raw.done = true;
    })();
    return raw;
  }
  const owner = (user: TestUser, sessionExpiresAt: Date | null = null) => ({
    userId: user.id,
    role: "staff" as const,
    sessionId: `session-${user.id}`,
    cookie: user.cookie,
    sessionExpiresAt,
  });
  const openRaw = (user: TestUser, sessionExpiresAt: Date | null = null) =>
    live.open(owner(user, sessionExpiresAt), request("/admin/events", { user }));

  test("tells the browser to reconnect after 2 s, and keeps an idle stream alive every heartbeat", async () => {
    await live.stop();
    live = startLiveStreams(database.current(), feed, {
      limits: { perPerson: 3, total: 10 },
      isStaff: isStaffSession,
      heartbeatMs: 100,
    });
    setLiveStreams(live);
    const raw = readRaw(await openEventStream(request("/admin/events", { user: anna })));
    await vi.waitFor(() => expect(raw.text).toContain("hello"));
    const beats = (text: string) =>
      text.split("\n\n").filter((block) => {
        // A comment, or an event named so: nothing a page hears.
        const lines = block.split("\n");
        return lines.every((line) => line.startsWith(":")) || lines.includes("event: heartbeat");
      });
    const before = beats(raw.text).length;
    await vi.waitFor(() => expect(beats(raw.text).length).toBeGreaterThanOrEqual(before + 3), { timeout: 2000 });
    expect(raw.text).toMatch(/^retry: ?2000$/m);
    await raw.cancel();
    await live.stop();
    start();
  });

  test("ends when its session expires", async () => {
    const person = await createUser({ role: "staff" });
    const stream = readSse(await openRaw(person, new Date(Date.now() + 300)));
    open.push(stream);
    await stream.next((event) => event.event === "hello");
    expect((await stream.next((event) => event.event === "end")).data).toEqual({ reason: "expired" });
    await stream.closed();
  });

  test("a browser that reads nothing is cut off once about a megabyte waits for it; a cancelled one is forgotten", async () => {
    const person = await createUser({ role: "staff" });
    const size = live.size;
    const response = await openRaw(person);
    await vi.waitFor(() => expect(live.size).toBe(size + 1));
    // Not read: the events pile up on the server until it lets the stream go.
    for (let i = 0; i < 200; i++) live.tellPerson(person.id, "progress", { job: "j", pad: "x".repeat(10_000) });
    expect(live.size).toBe(size);
    const raw = readRaw(response);
    await vi.waitFor(() => expect(raw.done).toBe(true));
    // At most what it was let fall behind, and not the rest.
    expect(raw.text.length).toBeLessThan(1.2 * 1024 * 1024);

    const cancelled = readSse(await openRaw(person));
    await cancelled.next((event) => event.event === "hello");
    expect(live.size).toBe(size + 1);
    await cancelled.cancel();
    await vi.waitFor(() => expect(live.size).toBe(size));
  });
});

describe("the streams' shares", () => {
  test("a full server still lets in someone with fewer streams: the one holding most gives up their oldest", async () => {
    await live.stop();
    start({ perPerson: 4, total: 5 });
    const bob = await createUser({ role: "staff", name: "Bob Many" });
    // Bob's tabs take four of the five; Anna has one: the server is full.
    const bobs = [];
    for (let i = 0; i < 4; i++) bobs.push(await connect(bob));
    for (const stream of bobs) await stream.next((event) => event.event === "hello");
    await connect(anna);
    // The administrator, with none, is let in all the same: Bob's oldest tab makes room.
    const adminStream = await connect(admin);
    await adminStream.next((event) => event.event === "hello");
    expect((await bobs[0]!.next((event) => event.event === "end")).data).toEqual({ reason: "crowded" });
    await bobs[0]!.closed();
    expect(live.size).toBe(5);
    // A second tab of the admin's too (Bob still has three)…
    await (await connect(admin)).next((event) => event.event === "hello");
    expect((await bobs[1]!.next((event) => event.event === "end")).data).toEqual({ reason: "crowded" });
    // …but now the shares are even (Bob 2, the admin 2, Anna 1): nobody's tab gives way for a third…
    const refused = await openEventStream(request("/admin/events", { user: admin }));
    expect(refused.status).toBe(503);
    expect(await refused.text()).toBe("Too many live connections to this server: try again in a minute.");
    // …and Bob's reconnecting tab is refused, not let in at somebody else's expense.
    expect((await openEventStream(request("/admin/events", { user: bob }))).status).toBe(503);
    await live.stop();
    start();
  });
});

describe("presence", () => {
  const announce = (user: TestUser, stream: string, tab: string, subject: string) =>
    presenceAction(formRequest("/admin/presence", { stream, tab, subject }, user));
  const presence = (stream: SseReader, people: number) =>
    stream.next(
      (event) => event.event === "presence" && (event.data as { people: unknown[] }).people.length === people,
    );

  test("who has a record open, since when; gone when they leave it or their stream closes", async () => {
    const project = await makeProject({ clientId: (await makeClient()).id });
    const subject = `project:${project.id}`;
    const annaStream = await connect(anna);
    const adminStream = await connect(admin);
    const annaId = ((await annaStream.next((event) => event.event === "hello")).data as { stream: string }).stream;
    const adminId = ((await adminStream.next((event) => event.event === "hello")).data as { stream: string }).stream;

    expect((await announce(anna, annaId, "tab-anna-1", subject)).status).toBe(204);
    await presence(annaStream, 1);
    await announce(admin, adminId, "tab-admin-1", subject);
    const both = await presence(adminStream, 2);
    expect(both.data).toEqual({
      subject,
      people: [
        { userId: anna.id, name: "Anna Berg", since: expect.any(String) },
        { userId: admin.id, name: "Olga Admin", since: expect.any(String) },
      ],
    });

    // Anna opens another page: Olga sees her go.
    await announce(anna, annaId, "tab-anna-1", "");
    await presence(adminStream, 1);
    // Anna is back, then her tab closes (its stream ends): gone again.
    await announce(anna, annaId, "tab-anna-1", subject);
    await presence(adminStream, 2);
    await annaStream.cancel();
    await presence(adminStream, 1);
  });

  test("a tab that stops saying so is gone once its word expires; bad input is a 400", async () => {
    const project = await makeProject({ clientId: (await makeClient()).id });
    const subject = `project:${project.id}`;
    const watcher = await connect(admin);
    const watcherId = ((await watcher.next((event) => event.event === "hello")).data as { stream: string }).stream;
    await announce(admin, watcherId, "tab-admin-2", subject);
    // A tab whose browser went away without a word (its stream lives elsewhere, or nowhere).
    await announce(anna, "stream-gone-away", "tab-anna-9", subject);
    await presence(watcher, 2);
    await database
      .current()
      .db.execute(
        `update live_presence set expires_at = now() - interval '1 second' where stream_id = 'stream-gone-away'`,
      );
    await presence(watcher, 1);

    expect((await announce(anna, "x", "tab", subject)).status).toBe(400);
    expect((await announce(anna, "stream-ok-1", "tab-ok-1", "project:not-an-id")).status).toBe(400);
  });
});

describe.runIf(onPostgres)("PostgreSQL: two instances on one database", () => {
  let other: Database;
  let otherFeed: ChangeFeed;
  let otherLive: LiveStreams;

  beforeAll(async () => {
    const url = (database.current().raw as { options: { connectionString: string } }).options.connectionString;
    other = await openDatabase({ kind: "postgres", url });
    otherFeed = await listenForChanges(other);
    otherLive = startLiveStreams(other, otherFeed, {
      limits: { perPerson: 3, total: 10 },
      isStaff: isStaffSession,
    });
  });
  afterAll(async () => {
    await otherLive.stop();
    await otherFeed.stop();
    await other.close();
  });

  test("a change committed through instance A reaches a stream on instance B", async () => {
    // The stream is instance B's.
    setLiveStreams(otherLive);
    setDatabase(other);
    const stream = await connect(anna);
    await stream.next((event) => event.event === "hello");
    setLiveStreams(live);
    setDatabase(database.current());

    const project = await withHistoryScope(admin, async () => makeProject({ clientId: (await makeClient()).id }));
    const event = await stream.next(
      (candidate) => candidate.event === "change" && change(candidate).record === project.id,
    );
    expect(change(event)).toMatchObject({ kind: "project", op: "created" });
  });
});
