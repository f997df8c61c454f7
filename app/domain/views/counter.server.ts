// Counting the public pages' views (issue 31, decision 0063), the way
// Plausible does it: no cookie, and nothing that names a person is kept.
// A view is a GET of a public page by a browser: bots (isbot), prefetches and
// prerenders (Sec-Purpose / Purpose) and HEAD are not views, and the routes do
// not report signed-in staff. A day's unique visitors are told apart by a hash
// of the IP address and user agent under a salt made from the server's secret
// and the date: never stored, different every day, the same on every instance
// (so two instances count a visitor once). The hashes are deleted when their
// day is over, leaving the number.
//
// Counting happens in memory: a request adds one to a map entry keyed by its
// raw parts; which of them are bots, the hashes and the embedding origins are
// worked out once per distinct key when writing. Every few seconds one
// transaction adds the counts to the database (`views = views + n`), so
// instances add up and a crash loses at most those seconds. A failed write
// keeps the counts for the next one.
import crypto from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { isbot } from "isbot";
import { sql } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { logger } from "~/.server/logger";
import { pageViews, pageVisitors } from "~/tables";
import { siteOrigin } from "./site-origin";
import { parseViewTag } from "./subject";

export interface ViewRequest {
  method?: string;
  headers: IncomingHttpHeaders;
}

export interface ViewCounterOptions {
  database: () => Database;
  /** The secret the daily salt is made from (every instance must share it). */
  secret: string;
  /** The client's address (behind the proxies the server trusts). */
  ipOf: (req: ViewRequest) => string;
  flushMs?: number;
  now?: () => number;
}

const ROWS_PER_STATEMENT = 1000;
// Browsers repeat a handful of user agents: isbot's pattern runs once per agent, not per hit.
const MAX_KNOWN_AGENTS = 2000;
// Visitors already written today are not sent again (the key would only conflict).
const MAX_WRITTEN_VISITORS = 100_000;

const PREFETCH = /prefetch|prerender/i;
const DAY_MS = 24 * 3600_000;
const MAX_PENDING_KEYS = 50_000;

/**
 * The embedding site of a framed page: the origin of the framing page's address (Referer:
 * browsers send the embedding page's origin to a cross-site frame), '' when it is this site
 * itself (a click inside the frame), absent, or not http(s).
 */
export function embeddingOrigin(headers: IncomingHttpHeaders): string {
  const origin = siteOrigin(headers.referer);
  if (!origin) return "";
  const { host } = new URL(origin);
  const own = [headers.host, headers["x-forwarded-host"]].flatMap((each) => String(each ?? "").split(","));
  if (own.some((each) => each.trim().toLowerCase() === host)) return "";
  return origin;
}

export function utcDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

export function createViewCounter(options: ViewCounterOptions) {
  const now = options.now ?? Date.now;
  const agents = new Map<string, boolean>();
  // What a request adds is only a raw key and a count (tag, address, agent, and a framed page's
  // Referer and host): bots, hashes and origins are worked out per distinct key when writing.
  let hits = new Map<string, Map<string, number>>();
  let today = { day: "", endsAt: 0, hits: new Map<string, number>() };
  const written = new Set<string>();
  let writtenDay = "";
  let salt = { day: "", value: "" };
  let rolledUp = "";
  let flushing: Promise<void> | undefined;

  function agentIsBot(agent: string): boolean {
    let bot = agents.get(agent);
    if (bot === undefined) {
      if (agents.size >= MAX_KNOWN_AGENTS) agents.clear();
      bot = isbot(agent);
      agents.set(agent, bot);
    }
    return bot;
  }

  function saltOf(day: string): string {
    if (salt.day !== day) {
      salt = { day, value: crypto.createHmac("sha256", options.secret).update(`page-views ${day}`).digest("hex") };
    }
    return salt.value;
  }

  /** Counts one view of the page the tag names, if this request can be a view (the rest when writing). */
  function record(req: ViewRequest, tag: string): void {
    if (req.method !== "GET") return;
    const headers = req.headers;
    const purpose = headers["sec-purpose"] ?? headers.purpose ?? headers["x-purpose"];
    if (purpose !== undefined && PREFETCH.test(String(purpose))) return;
    const agent = headers["user-agent"];
    if (!agent) return;
    const time = now();
    if (time >= today.endsAt) {
      const day = utcDay(time);
      today = { day, endsAt: Date.parse(`${day}T00:00:00Z`) + DAY_MS, hits: hits.get(day) ?? new Map() };
      hits.set(day, today.hits);
    }
    const framing = tag.endsWith(" framed")
      ? `${headers.referer ?? ""}\n${headers.host ?? ""}\n${headers["x-forwarded-host"] ?? ""}`
      : "";
    const key = `${tag}\n${options.ipOf(req)}\n${agent}\n${framing}`;
    today.hits.set(key, (today.hits.get(key) ?? 0) + 1);
    // A flood of distinct visitors (or forged agents) is written early rather than held.
    if (today.hits.size >= MAX_PENDING_KEYS && !flushing) void flush();
  }

  /** A day's raw hits as rows: views per page and site, and the visitors' hashes not yet written. */
  function digest(day: string, raw: Map<string, number>, views: Map<string, number>, visitors: Set<string>) {
    for (const [key, count] of raw) {
      const [tag, ip, agent, referer, host, forwardedHost] = key.split("\n") as [
        string,
        string,
        string,
        string?,
        string?,
        string?,
      ];
      if (agentIsBot(agent)) continue;
      const subject = parseViewTag(tag);
      if (!subject) continue;
      const source = subject.framed
        ? embeddingOrigin({
            referer: referer || undefined,
            host: host || undefined,
            "x-forwarded-host": forwardedHost || undefined,
          })
        : "";
      const page = `${day}\t${subject.kind}\t${subject.ref}`;
      views.set(`${page}\t${source}`, (views.get(`${page}\t${source}`) ?? 0) + count);
      const visitor = crypto
        .createHash("sha256")
        .update(`${saltOf(day)}\n${ip}\n${agent}`)
        .digest("base64url")
        .slice(0, 22);
      for (const visitorKey of [`${page}\t${visitor}`, `${day}\tsite\t\t${visitor}`]) {
        if (!written.has(visitorKey)) visitors.add(visitorKey);
      }
    }
  }

  async function write(batch: { views: Map<string, number>; visitors: Set<string> }, day: string) {
    const viewRows = [...batch.views].map(([key, count]) => {
      const [day, kind, ref, source] = key.split("\t") as [string, "project" | "gallery" | "page", string, string];
      return { day, kind, ref, source, views: count };
    });
    const visitorRows = [...batch.visitors].map((key) => {
      const [day, kind, ref, visitor] = key.split("\t") as [string, string, string, string];
      return { day, kind, ref, visitor };
    });
    await options.database().db.transaction(async (tx) => {
      for (let i = 0; i < viewRows.length; i += ROWS_PER_STATEMENT) {
        await tx
          .insert(pageViews)
          .values(viewRows.slice(i, i + ROWS_PER_STATEMENT))
          .onConflictDoUpdate({
            target: [pageViews.day, pageViews.kind, pageViews.ref, pageViews.source],
            set: { views: sql`${pageViews.views} + excluded.views` },
          });
      }
      for (let i = 0; i < visitorRows.length; i += ROWS_PER_STATEMENT) {
        await tx
          .insert(pageVisitors)
          .values(visitorRows.slice(i, i + ROWS_PER_STATEMENT))
          .onConflictDoNothing();
      }
      if (rolledUp !== day) {
        // The days that are over: their visitors become a number, and the hashes go.
        await tx.execute(sql`
            with gone as (delete from page_visitors where day < ${day} returning day, kind, ref)
            insert into page_visitor_days (day, kind, ref, visitors)
            select day, kind, ref, count(*)::int from gone group by day, kind, ref
            on conflict (day, kind, ref) do update set visitors = page_visitor_days.visitors + excluded.visitors`);
      }
    });
    rolledUp = day;
  }

  /** Writes what was counted since the last write (one transaction); a failure keeps it for the next. */
  function flush(): Promise<void> {
    flushing ??= (async () => {
      const day = utcDay(now());
      if (hits.size === 0 && rolledUp === day) return;
      const taken = hits;
      hits = new Map();
      today = { day: "", endsAt: 0, hits: new Map() };
      const views = new Map<string, number>();
      const visitors = new Set<string>();
      if (writtenDay !== day || written.size > MAX_WRITTEN_VISITORS) written.clear();
      writtenDay = day;
      for (const [hitDay, raw] of taken) digest(hitDay, raw, views, visitors);
      try {
        await write({ views, visitors }, day);
        for (const key of visitors) if (key.startsWith(day)) written.add(key);
      } catch (error) {
        // Put back as raw hits of their day, to be worked out again with whatever came meanwhile.
        for (const [hitDay, raw] of taken) {
          const kept = hits.get(hitDay) ?? new Map<string, number>();
          for (const [key, count] of raw) kept.set(key, (kept.get(key) ?? 0) + count);
          hits.set(hitDay, kept);
        }
        logger().warn({ err: error }, "page views not written yet: kept for the next try");
      }
    })().finally(() => {
      flushing = undefined;
    });
    return flushing;
  }

  const timer = setInterval(() => void flush(), options.flushMs ?? 5000);
  timer.unref();

  return {
    record,
    flush,
    /** Writes what is left; counting stops. */
    async stop() {
      clearInterval(timer);
      await flushing;
      await flush();
    },
  };
}

export type ViewCounter = ReturnType<typeof createViewCounter>;
