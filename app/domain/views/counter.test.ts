// Counting page views on a real database (PGlite, and PostgreSQL with two
// instances' connections): what is a view, what is kept (no address, no user
// agent, no cookie), unique visitors, the embedding site, and two instances
// adding up.
import { sql } from "drizzle-orm";
import type pg from "pg";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import type { Database } from "~/.server/db";
import { openDatabase } from "~/.server/db/client";
import { createViewCounter, embeddingOrigin, type ViewRequest } from "./counter.server";
import { ADDRESS_DAY_LIMITS } from "./insights";
import { viewTag } from "./subject";

const database = withTestDatabase();

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const PROJECT = viewTag({ kind: "project", ref: "6d1f2a9e-4c1b-4f7e-9a51-1c2f3e4d5a6b" });
const DAY = Date.parse("2026-11-20T10:00:00Z");

let clock = DAY;
const counters: { stop(): Promise<void> }[] = [];

function counter(on: () => Database = () => database.current()) {
  const made = createViewCounter({
    database: on,
    secret: "a test secret that is long enough",
    ipOf: (req) => String(req.headers["x-test-ip"] ?? "203.0.113.7"),
    flushMs: 3_600_000,
    now: () => clock,
  });
  counters.push(made);
  return made;
}

const visit = (headers: Record<string, string> = {}, method = "GET"): ViewRequest => ({
  method,
  headers: { "user-agent": CHROME, host: "playfolio.example", ...headers },
});

async function rows(table: "page_views" | "page_visitors" | "page_visitor_days") {
  return (
    await database.current().db.execute<Record<string, unknown>>(sql.raw(`select * from ${table} order by 1, 2, 3`))
  ).rows;
}

beforeEach(async () => {
  clock = DAY;
  for (const table of ["page_views", "page_visitors", "page_visitor_days"]) {
    await database.current().db.execute(sql.raw(`delete from ${table}`));
  }
});
afterEach(async () => {
  await Promise.all(counters.splice(0).map((made) => made.stop()));
});

describe("the view counter", () => {
  test("counts a browser's GET, and not a bot, a prefetch, a prerender or a HEAD", async () => {
    const views = counter();
    views.record(visit(), PROJECT);
    views.record(
      visit({ "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }),
      PROJECT,
    );
    views.record(visit({ "user-agent": "curl/8.5.0" }), PROJECT);
    views.record(visit({ "sec-purpose": "prefetch" }), PROJECT);
    views.record(visit({ "sec-purpose": "prefetch;prerender" }), PROJECT);
    views.record(visit({ purpose: "prefetch" }), PROJECT);
    views.record(visit({}, "HEAD"), PROJECT);
    views.record(visit({ "user-agent": "" }), PROJECT);
    await views.flush();
    expect(await rows("page_views")).toEqual([
      { day: "2026-11-20", kind: "project", ref: "6d1f2a9e-4c1b-4f7e-9a51-1c2f3e4d5a6b", source: "", views: 1 },
    ]);
  });

  test("keeps no address, user agent or other identifying value: a day's visitors are salted hashes", async () => {
    const views = counter();
    views.record(visit(), PROJECT);
    views.record(visit(), PROJECT);
    views.record(visit({ "x-test-ip": "198.51.100.23", "user-agent": SAFARI }), PROJECT);
    await views.flush();
    const [viewRow] = await rows("page_views");
    expect(viewRow!.views).toBe(3);
    const visitors = await rows("page_visitors");
    // Two people on the project, two on the site as a whole.
    expect(visitors.map((row) => `${row.kind} ${row.ref}`).sort()).toEqual([
      `project ${viewRow!.ref}`,
      `project ${viewRow!.ref}`,
      "site ",
      "site ",
    ]);
    for (const row of visitors) expect(row.visitor).toMatch(/^[\w-]{22}$/);
    const everything = JSON.stringify([await rows("page_views"), visitors]);
    for (const identifying of ["203.0.113.7", "198.51.100.23", "Mozilla", "Chrome", "iPhone", "playfolio.example"]) {
      expect(everything).not.toContain(identifying);
    }
  });

  test("the salt changes every day: a visitor's hash on one day is not their hash on the next", async () => {
    const views = counter();
    views.record(visit(), PROJECT);
    await views.flush();
    const [monday] = (await rows("page_visitors")).filter((row) => row.kind === "site");
    clock = DAY + 24 * 3600_000;
    views.record(visit(), PROJECT);
    await views.flush();
    // The day that ended became a number; its hashes are gone.
    expect(await rows("page_visitor_days")).toEqual(
      expect.arrayContaining([{ day: "2026-11-20", kind: "site", ref: "", visitors: 1 }]),
    );
    const left = await rows("page_visitors");
    expect(left.every((row) => row.day === "2026-11-21")).toBe(true);
    const tuesday = left.find((row) => row.kind === "site");
    expect(tuesday!.visitor).not.toBe(monday!.visitor);
  });

  test("a framed page is counted with the embedding site's origin only; a click inside the frame with none; any page a browser loads into a frame too", async () => {
    const views = counter();
    const framed = viewTag({ kind: "gallery", ref: "g1", framed: true });
    views.record(visit({ referer: "https://dealer.example:8443/our-parks/?utm=x#top" }), framed);
    views.record(visit({ referer: "https://playfolio.example/webview/parks" }), framed);
    views.record(visit(), framed);
    // A page that is not framed is never credited to a referring site…
    views.record(visit({ referer: "https://search.example/?q=playgrounds" }), viewTag({ kind: "gallery", ref: "g1" }));
    // …unless the browser says it loads it into a frame: /gallery/:slug is the gallery's embed address.
    views.record(
      visit({ referer: "https://council.example/parks", "sec-fetch-dest": "iframe" }),
      viewTag({ kind: "gallery", ref: "g1" }),
    );
    await views.flush();
    expect((await rows("page_views")).map((row) => [row.source, row.views]).sort()).toEqual([
      ["", 3],
      ["https://council.example", 1],
      ["https://dealer.example:8443", 1],
    ]);
    expect(embeddingOrigin({ referer: "javascript:alert(1)" })).toBe("");
    expect(embeddingOrigin({ referer: "not a url" })).toBe("");
  });

  test("one address adds at most a few views of a page and a bounded number a day, and a few visitors", async () => {
    const views = counter();
    const { viewsPerPage, views: perDay, visitors } = ADDRESS_DAY_LIMITS;
    // The finding: thousands of views, each with a user agent of its own, from one address in seconds.
    for (let i = 0; i < 3000; i++) {
      views.record(visit({ "user-agent": `${CHROME} r${i}` }), PROJECT);
      if (i === 1500) await views.flush();
    }
    // An IPv6 address's whole /64 is one address.
    for (let i = 0; i < 50; i++) views.record(visit({ "x-test-ip": `2001:db8:0:7::${i.toString(16)}` }), PROJECT);
    // Many pages from one address: bounded in all.
    for (let page = 0; page < 40; page++) {
      for (let i = 0; i < 10; i++) views.record(visit({ "x-test-ip": "198.51.100.77" }), `project page-${page}`);
    }
    // Another person at another address still counts in full.
    for (let i = 0; i < 3; i++) views.record(visit({ "x-test-ip": "198.51.100.23", "user-agent": SAFARI }), PROJECT);
    await views.flush();
    const viewRows = await rows("page_views");
    const viewsOf = (ref: string) =>
      viewRows.filter((row) => row.ref === ref).reduce((n, row) => n + Number(row.views), 0);
    expect(viewsOf(PROJECT.split(" ")[1]!)).toBe(viewsPerPage + viewsPerPage + 3);
    const manyPages = viewRows.filter((row) => String(row.ref).startsWith("page-"));
    expect(manyPages.reduce((n, row) => n + Number(row.views), 0)).toBe(perDay);
    const projectVisitors = (await rows("page_visitors")).filter(
      (row) => row.kind === "project" && row.ref === PROJECT.split(" ")[1],
    );
    // The flooding address's visitors, the /64's one, and the other person.
    expect(projectVisitors).toHaveLength(visitors + 1 + 1);
    // The next day starts afresh.
    clock = DAY + 24 * 3600_000;
    for (let i = 0; i < 30; i++) views.record(visit(), PROJECT);
    await views.flush();
    expect((await rows("page_views")).find((row) => row.day === "2026-11-21")!.views).toBe(viewsPerPage);
  });

  test("two instances' counts add up, and a visitor seen by both is one visitor", async () => {
    const url =
      database.current().kind === "postgres"
        ? ((database.current().raw as pg.Pool).options.connectionString as string)
        : undefined;
    // On PostgreSQL the second instance has a connection pool of its own.
    const other = url ? await openDatabase({ kind: "postgres", url }) : database.current();
    try {
      const first = counter();
      const second = counter(() => other);
      for (let i = 0; i < 5; i++) first.record(visit(), PROJECT);
      for (let i = 0; i < 7; i++) second.record(visit(), PROJECT);
      second.record(visit({ "x-test-ip": "198.51.100.23" }), PROJECT);
      await Promise.all([first.flush(), second.flush()]);
      first.record(visit(), PROJECT);
      await Promise.all([first.flush(), second.flush()]);
      expect((await rows("page_views"))[0]!.views).toBe(14);
      expect((await rows("page_visitors")).filter((row) => row.kind === "project")).toHaveLength(2);
    } finally {
      await Promise.all(counters.splice(0).map((made) => made.stop()));
      if (other !== database.current()) await other.close();
    }
  });

  test("counts are written in batches: nothing before a flush, and a failed write is kept for the next", async () => {
    const views = counter();
    views.record(visit(), PROJECT);
    views.record(visit(), PROJECT);
    expect(await rows("page_views")).toEqual([]);
    // The write fails for real: its table is not there.
    await database.current().db.execute(sql`alter table page_views rename to page_views_away`);
    try {
      await views.flush();
    } finally {
      await database.current().db.execute(sql`alter table page_views_away rename to page_views`);
    }
    expect(await rows("page_views")).toEqual([]);
    views.record(visit(), PROJECT);
    await views.flush();
    expect((await rows("page_views"))[0]!.views).toBe(3);
  });
});
