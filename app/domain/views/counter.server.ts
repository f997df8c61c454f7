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
// Counting happens in memory (a Map increment on the request's path); every
// few seconds one transaction adds the counts to the database (`views =
// views + n`), so instances add up and a crash loses at most those seconds.
// A failed write keeps the counts for the next one.
import crypto from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { isbot } from "isbot";
import { sql } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { logger } from "~/.server/logger";
import { pageViews, pageVisitors } from "~/tables";
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
const MAX_SOURCE_LENGTH = 200;
// Browsers repeat a handful of user agents: isbot's pattern runs once per agent, not per hit.
const MAX_KNOWN_AGENTS = 2000;
// Visitors already written today are not sent again (the key would only conflict).
const MAX_WRITTEN_VISITORS = 100_000;

const PREFETCH = /prefetch|prerender/i;

/** Not a view: HEAD and other methods, a prefetch or prerender, a bot, no user agent at all. */
export function isView(req: ViewRequest, agentIsBot: (agent: string) => boolean = isbot): boolean {
  if (req.method !== "GET") return false;
  const purpose = req.headers["sec-purpose"] ?? req.headers.purpose ?? req.headers["x-purpose"];
  if (purpose !== undefined && PREFETCH.test(String(purpose))) return false;
  const agent = req.headers["user-agent"];
  return agent !== undefined && agent !== "" && !agentIsBot(agent);
}

/**
 * The embedding site of a framed page: the origin of the framing page's address (Referer:
 * browsers send the embedding page's origin to a cross-site frame), '' when it is this site
 * itself (a click inside the frame), absent, or not http(s).
 */
export function embeddingOrigin(headers: IncomingHttpHeaders): string {
  const referer = headers.referer;
  if (!referer) return "";
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return "";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "";
  const own = [headers.host, headers["x-forwarded-host"]].flatMap((host) => String(host ?? "").split(","));
  if (own.some((host) => host.trim().toLowerCase() === url.host)) return "";
  return url.origin.length <= MAX_SOURCE_LENGTH ? url.origin : "";
}

export function utcDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

export function createViewCounter(options: ViewCounterOptions) {
  const now = options.now ?? Date.now;
  const agents = new Map<string, boolean>();
  // day \t kind \t ref \t source → views; day \t kind \t ref \t visitor hashes
  let views = new Map<string, number>();
  let visitors = new Set<string>();
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

  /** Counts one view of the page the tag names, if this request is a view. */
  function record(req: ViewRequest, tag: string): void {
    if (!isView(req, agentIsBot)) return;
    const subject = parseViewTag(tag);
    if (!subject) return;
    const day = utcDay(now());
    const source = subject.framed ? embeddingOrigin(req.headers) : "";
    const key = `${day}\t${subject.kind}\t${subject.ref}`;
    const viewKey = `${key}\t${source}`;
    views.set(viewKey, (views.get(viewKey) ?? 0) + 1);
    const visitor = crypto
      .createHash("sha256")
      .update(`${saltOf(day)}\n${options.ipOf(req)}\n${req.headers["user-agent"]}`)
      .digest("base64url")
      .slice(0, 22);
    for (const visitorKey of [`${key}\t${visitor}`, `${day}\tsite\t\t${visitor}`]) {
      if (!written.has(visitorKey)) visitors.add(visitorKey);
    }
  }

  async function write(batch: { views: Map<string, number>; visitors: Set<string> }, today: string) {
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
      if (rolledUp !== today) {
        // The days that are over: their visitors become a number, and the hashes go.
        await tx.execute(sql`
            with gone as (delete from page_visitors where day < ${today} returning day, kind, ref)
            insert into page_visitor_days (day, kind, ref, visitors)
            select day, kind, ref, count(*)::int from gone group by day, kind, ref
            on conflict (day, kind, ref) do update set visitors = page_visitor_days.visitors + excluded.visitors`);
      }
    });
    rolledUp = today;
  }

  /** Writes what was counted since the last write (one transaction); a failure keeps it for the next. */
  function flush(): Promise<void> {
    flushing ??= (async () => {
      const today = utcDay(now());
      const batch = { views, visitors };
      if (batch.views.size === 0 && batch.visitors.size === 0 && rolledUp === today) return;
      views = new Map();
      visitors = new Set();
      try {
        await write(batch, today);
        if (writtenDay !== today || written.size + batch.visitors.size > MAX_WRITTEN_VISITORS) written.clear();
        writtenDay = today;
        for (const key of batch.visitors) if (key.startsWith(today)) written.add(key);
      } catch (error) {
        for (const [key, count] of batch.views) views.set(key, (views.get(key) ?? 0) + count);
        for (const key of batch.visitors) visitors.add(key);
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
