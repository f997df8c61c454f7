// Counting the public pages' views (issue 31, decision 0063), the way
// Plausible does it: no cookie, and nothing that names a person is kept.
// A view is a GET of a public page by a browser: bots (isbot), prefetches and
// prerenders (Sec-Purpose / Purpose) and HEAD are not views, and the routes do
// not report signed-in staff. A day's unique visitors are told apart by a hash
// of the address (an IPv6 /64 as one) and user agent under a salt made from the
// server's secret and the date: never stored, different every day, the same on
// every instance (so two instances count a visitor once). The hashes are
// deleted when their day is over, leaving the number. One address adds only so
// much to a day (ADDRESS_DAY_LIMITS), so a flood of forged browsers from one
// machine is not thousands of views and visitors.
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
import { addressKey } from "~/.server/auth/address-key";
import type { Database } from "~/.server/db";
import { withActor } from "~/.server/db/history-scope";
import { logger } from "~/.server/logger";
import { pageViews, pageVisitors } from "~/tables";
import { ADDRESS_DAY_LIMITS } from "./insights";
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

// The addresses seen today are held in memory: past this many, the limits start afresh.
const MAX_ADDRESSES_PER_DAY = 50_000;

/** What one address has added today. */
interface AddressDay {
  views: number;
  /** Views per page (`kind\tref`). */
  pages: Map<string, number>;
  /** The visitors' hashes counted for it. */
  visitors: Set<string>;
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
  // Per day, per address: what it has added so far (the limits above).
  const addressDays = new Map<string, Map<string, AddressDay>>();
  // Rows worked out but not written yet (the write failed): sent with the next.
  let pending = { views: new Map<string, number>(), visitors: new Set<string>() };

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
    // A page made to be framed (the web view), or any page the browser says it loads into a frame
    // (Sec-Fetch-Dest: a gallery's embed address is /gallery/:slug): its views carry the site.
    const framing =
      tag.endsWith(" framed") || headers["sec-fetch-dest"] === "iframe"
        ? `${headers.referer ?? ""}\n${headers.host ?? ""}\n${headers["x-forwarded-host"] ?? ""}`
        : "";
    const key = `${tag}\n${options.ipOf(req)}\n${agent}\n${framing}`;
    today.hits.set(key, (today.hits.get(key) ?? 0) + 1);
    // A flood of distinct visitors (or forged agents) is written early rather than held.
    if (today.hits.size >= MAX_PENDING_KEYS && !flushing) void flush();
  }

  function addressDay(day: string, address: string): AddressDay {
    let addresses = addressDays.get(day);
    if (!addresses || addresses.size >= MAX_ADDRESSES_PER_DAY) {
      addresses = new Map();
      addressDays.set(day, addresses);
    }
    let added = addresses.get(address);
    if (!added) {
      added = { views: 0, pages: new Map(), visitors: new Set() };
      addresses.set(address, added);
    }
    return added;
  }

  const hashOf = (...parts: string[]) =>
    crypto.createHash("sha256").update(parts.join("\n")).digest("base64url").slice(0, 22);

  /**
   * A day's raw hits as rows, within what each address may add: views per page and site, the
   * visitors' hashes not yet written, and for a framed page the address it came from (as a hash:
   * a site is listed once its frames were seen from more than one).
   */
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
      const address = addressKey(ip);
      const added = addressDay(day, address);
      const pageKey = `${subject.kind}\t${subject.ref}`;
      const ofPage = added.pages.get(pageKey) ?? 0;
      const counted = Math.min(count, ADDRESS_DAY_LIMITS.viewsPerPage - ofPage, ADDRESS_DAY_LIMITS.views - added.views);
      if (counted <= 0) continue;
      added.pages.set(pageKey, ofPage + counted);
      added.views += counted;
      // Framed (record() kept the Referer and hosts of framed requests only).
      const source = referer
        ? embeddingOrigin({
            referer: referer || undefined,
            host: host || undefined,
            "x-forwarded-host": forwardedHost || undefined,
          })
        : "";
      const page = `${day}\t${subject.kind}\t${subject.ref}`;
      views.set(`${page}\t${source}`, (views.get(`${page}\t${source}`) ?? 0) + counted);
      const rows: string[] = [];
      // A person is their address and browser; an IPv6 host picks new addresses in its /64.
      const visitor = hashOf(saltOf(day), address, agent);
      if (added.visitors.has(visitor) || added.visitors.size < ADDRESS_DAY_LIMITS.visitors) {
        added.visitors.add(visitor);
        rows.push(`${page}\t${visitor}`, `${day}\tsite\t\t${visitor}`);
      }
      if (source) rows.push(`${day}\tsource\t${source}\t${hashOf(saltOf(day), "address", address)}`);
      for (const row of rows) if (!written.has(row)) visitors.add(row);
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
      await withActor(tx);
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
      if (hits.size === 0 && pending.views.size === 0 && pending.visitors.size === 0 && rolledUp === day) return;
      const taken = hits;
      hits = new Map();
      today = { day: "", endsAt: 0, hits: new Map() };
      const batch = pending;
      pending = { views: new Map(), visitors: new Set() };
      if (writtenDay !== day || written.size > MAX_WRITTEN_VISITORS) written.clear();
      writtenDay = day;
      for (const [hitDay, raw] of taken) digest(hitDay, raw, batch.views, batch.visitors);
      // Hits of a finished day were all in this batch: what its addresses added is not needed again.
      for (const seen of addressDays.keys()) if (seen !== day) addressDays.delete(seen);
      try {
        await write(batch, day);
        for (const key of batch.visitors) if (key.startsWith(day)) written.add(key);
      } catch (error) {
        // Kept as worked out (each address's views already counted against its limits) for the next write.
        pending = batch;
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
