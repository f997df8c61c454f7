// The staff's live streams (GET /admin/events, server-sent events): every
// change event the database publishes, sent to every open stream as it is
// heard; a stream that reconnects with the last id it saw is first sent what
// it missed, from the log. A stream carries no record's content: a page that
// cares reloads its data through its own loader, with its own access checks.
//
// Bounded: a few streams per person, a few hundred in all; outside admission
// control's shares (a stream is long-lived and renders nothing). The total is
// shared among people, not first come, first served: when it is full, someone
// with fewer streams than the person holding most is let in, and that person's
// oldest stream gives way ("crowded"), so no one's tabs can shut out the rest
// (an administrator included) while streams could be spread more evenly. A heartbeat
// every HEARTBEAT_MS keeps proxies from closing an idle stream and lets the
// browser notice a dead one. A stream ends at once when its session ends
// (signed out, or every session of a disabled account), when its account is
// no longer staff, when the session expires, and when the server drains (the
// browser reconnects, to another instance behind the proxy).
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "../db";
import { logger } from "../logger";
import { CHANGES_CHANNEL, type Change, type ChangeFeed, tellChange } from "./changes";
import { changesAfter, latestChangeId } from "./log";
import { clearStreamPresence, presenceOn, sweepExpiredPresence } from "./presence";
import { SSE_HEADERS, sseFrame } from "./sse";

export const HEARTBEAT_MS = 15_000;
const SWEEP_MS = 5_000;
/** Milliseconds a browser waits before reconnecting. */
const RETRY_MS = 2_000;
/** A client this far behind (bytes queued) is cut off; it reconnects and is sent what it missed. */
const MAX_QUEUED_BYTES = 1024 * 1024;
const MAX_TIMER_MS = 2 ** 31 - 1;
/** PostgreSQL's limit on a notification's payload is 8,000 bytes. */
const MAX_TELL_BYTES = 7_900;

export interface StreamOwner {
  userId: string;
  role: "admin" | "staff";
  sessionId: string;
  /** The request's Cookie header: the session is asked again when the account changes. */
  cookie: string;
  sessionExpiresAt: Date | null;
}

export interface LiveLimits {
  perPerson: number;
  total: number;
}

export type EndReason = "signed-out" | "access" | "expired" | "restart" | "behind" | "crowded";

export interface LiveStreams {
  /** The answer to a stream request: the stream, or 429/503 when over the limits or draining. */
  open(owner: StreamOwner, options?: { lastEventId?: number; signal?: AbortSignal }): Promise<Response>;
  /**
   * Sends `data` as `event` to every stream of one person: this process's at once, from memory
   * (no statement: an import's progress while its transaction holds the embedded database), and
   * on PostgreSQL those of the other instances through the change channel, in the order told.
   */
  tellPerson(userId: string, event: string, data: unknown): void;
  /** The server drains: every stream ends now (browsers reconnect elsewhere), new ones are refused. */
  drain(): void;
  readonly size: number;
  stop(): Promise<void>;
}

interface Stream {
  id: string;
  owner: StreamOwner;
  /** Changes heard while the stream is still being sent what it missed; null once caught up. */
  waiting: Change[] | null;
  lastSentId: number;
  send(frame: string): void;
  end(reason?: EndReason): void;
}

/** What a browser is told of a change: never the record's content. */
function changeFrame(change: Change): string {
  return sseFrame({
    id: change.id,
    event: "change",
    data: {
      id: change.id,
      kind: change.kind,
      record: change.record,
      op: change.op,
      actor: change.actor ? { id: change.actor, name: change.actorName ?? null } : null,
      at: change.at,
    },
  });
}

function refusal(status: 429 | 503, message: string, retryAfterSeconds: number): Response {
  return new Response(message, {
    status,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      "Retry-After": String(retryAfterSeconds),
    },
  });
}

export function startLiveStreams(
  database: Database,
  feed: ChangeFeed,
  options: {
    limits: LiveLimits;
    /** Whether a Cookie header still carries the session of staff or an admin. */
    isStaff: (cookie: string) => Promise<boolean>;
    heartbeatMs?: number;
    sweepMs?: number;
  },
): LiveStreams {
  const log = logger();
  const streams = new Map<string, Stream>();
  const byPerson = new Map<string, Set<Stream>>();
  let draining = false;
  /** This set of streams, as the words it sends to other instances name it (it hears its own too). */
  const origin = crypto.randomUUID();
  let telling = Promise.resolve();
  const sendToPerson = (userId: string, frame: string) => {
    for (const stream of byPerson.get(userId) ?? []) stream.send(frame);
  };

  /** The streams of the person (other than `userId`) who holds most, oldest first. */
  const mostStreams = (userId: string): Set<Stream> | undefined => {
    let most: Set<Stream> | undefined;
    for (const [person, held] of byPerson) if (person !== userId && held.size > (most?.size ?? 0)) most = held;
    return most;
  };

  const deliver = (stream: Stream, change: Change) => {
    if (change.id === undefined || change.id <= stream.lastSentId) return;
    stream.lastSentId = change.id;
    // Accounts are an administrator's business (Settings → Team).
    if (change.kind === "account" && stream.owner.role !== "admin") return;
    stream.send(changeFrame(change));
  };

  const recheck = async (stream: Stream) => {
    const staff = await options.isStaff(stream.owner.cookie).catch(() => true);
    if (!staff) stream.end("access");
  };

  // One query per record however fast its presence changes: a change heard while
  // one is under way runs it once more after.
  const presenceRuns = new Map<string, { again: boolean }>();
  const tellPresence = (subject: string) => {
    const running = presenceRuns.get(subject);
    if (running) {
      running.again = true;
      return;
    }
    const run = { again: false };
    presenceRuns.set(subject, run);
    void (async () => {
      do {
        run.again = false;
        if (streams.size === 0) break;
        try {
          const { people, streamIds } = await presenceOn(database, subject);
          const frame = sseFrame({ event: "presence", data: { subject, people } });
          for (const id of streamIds) streams.get(id)?.send(frame);
        } catch (error) {
          log.debug({ err: error }, "live: presence could not be read");
        }
      } while (run.again);
      presenceRuns.delete(subject);
    })();
  };

  const unsubscribe = feed.subscribe((change) => {
    if (change.kind === "content") return;
    if (change.kind === "tell") {
      if (change.origin !== origin && change.record && change.event) {
        sendToPerson(change.record, sseFrame({ event: change.event, data: change.data }));
      }
      return;
    }
    if (change.kind === "presence") {
      if (change.record) tellPresence(change.record);
      return;
    }
    if (change.kind === "session") {
      for (const stream of streams.values()) if (stream.owner.sessionId === change.record) stream.end("signed-out");
      return;
    }
    for (const stream of streams.values()) {
      if (stream.waiting) stream.waiting.push(change);
      else deliver(stream, change);
    }
    if (change.kind === "account" && change.record) {
      for (const stream of byPerson.get(change.record) ?? []) void recheck(stream);
    }
  });
  // A session ended while the listener was away is not known: ask again for every stream.
  const unsubscribeGap = feed.onGap(() => {
    for (const stream of streams.values()) void recheck(stream);
  });

  const heartbeat = setInterval(() => {
    const frame = sseFrame({ event: "heartbeat", data: Date.now() });
    for (const stream of streams.values()) stream.send(frame);
  }, options.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();
  const sweep = setInterval(
    () =>
      void sweepExpiredPresence(database).catch((error) =>
        log.debug({ err: error }, "live: expired presence not swept"),
      ),
    options.sweepMs ?? SWEEP_MS,
  );
  sweep.unref();

  /** Sends what the stream missed since `lastEventId`, or where the log stands now, then what came meanwhile. */
  async function catchUp(stream: Stream, lastEventId: number | undefined) {
    if (lastEventId === undefined) {
      const latest = await latestChangeId(database);
      stream.lastSentId = latest;
      stream.send(sseFrame({ retry: RETRY_MS, id: latest, event: "hello", data: { stream: stream.id } }));
    } else {
      stream.lastSentId = lastEventId;
      stream.send(sseFrame({ retry: RETRY_MS, event: "hello", data: { stream: stream.id } }));
      for (let more = true; more;) {
        const read = await changesAfter(database, stream.lastSentId);
        if (read.truncated) {
          // Some of what it missed is no longer kept: the page reloads everything it shows.
          const latest = await latestChangeId(database);
          stream.lastSentId = latest;
          stream.send(sseFrame({ id: latest, event: "reset", data: {} }));
          break;
        }
        for (const change of read.changes) deliver(stream, change);
        more = read.changes.length === 1000;
      }
    }
    const waiting = stream.waiting ?? [];
    stream.waiting = null;
    for (const change of waiting) deliver(stream, change);
  }

  return {
    get size() {
      return streams.size;
    },

    async open(owner, { lastEventId, signal } = {}) {
      if (draining) return refusal(503, "The server is restarting.", 1);
      const own = byPerson.get(owner.userId) ?? new Set<Stream>();
      if (own.size >= options.limits.perPerson) {
        return refusal(429, "Too many live connections for this account: close some tabs.", 30);
      }
      if (streams.size >= options.limits.total) {
        const crowding = mostStreams(owner.userId);
        // Giving way evens the shares: the one holding most keeps at least one more than the newcomer.
        if (!crowding || crowding.size <= own.size + 1) {
          return refusal(503, "Too many live connections to this server: try again in a minute.", 60);
        }
        crowding.values().next().value!.end("crowded");
      }

      const encoder = new TextEncoder();
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      let expiry: NodeJS.Timeout | undefined;
      let ended = false;
      const stream: Stream = {
        id: crypto.randomUUID(),
        owner,
        waiting: [],
        lastSentId: 0,
        send(frame) {
          if (ended) return;
          if ((controller.desiredSize ?? 0) < -MAX_QUEUED_BYTES) return stream.end("behind");
          controller.enqueue(encoder.encode(frame));
        },
        end(reason) {
          if (ended) return;
          if (reason) stream.send(sseFrame({ event: "end", data: { reason } }));
          ended = true;
          try {
            controller.close();
          } catch {
            // The browser went away first.
          }
          forget();
        },
      };
      const forget = () => {
        ended = true;
        clearTimeout(expiry);
        if (!streams.delete(stream.id)) return;
        own.delete(stream);
        if (own.size === 0) byPerson.delete(owner.userId);
        void clearStreamPresence(database, stream.id).catch((error) =>
          log.debug({ err: error }, "live: presence of a closed stream not cleared"),
        );
      };
      const body = new ReadableStream<Uint8Array>(
        {
          start: (c) => void (controller = c),
          cancel: () => forget(),
        },
        // Counted in bytes, so `desiredSize` says how far behind the browser is.
        { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
      );
      streams.set(stream.id, stream);
      own.add(stream);
      byPerson.set(owner.userId, own);
      signal?.addEventListener("abort", forget, { once: true });
      if (owner.sessionExpiresAt) {
        const left = owner.sessionExpiresAt.getTime() - Date.now();
        if (left <= MAX_TIMER_MS) {
          expiry = setTimeout(() => stream.end("expired"), Math.max(0, left));
          expiry.unref();
        }
      }
      void catchUp(stream, lastEventId).catch((error) => {
        log.warn({ err: error }, "live: a stream could not be sent what it missed");
        // The browser reconnects and asks again.
        stream.end();
      });
      return new Response(body, { headers: SSE_HEADERS });
    },

    tellPerson(userId, event, data) {
      sendToPerson(userId, sseFrame({ event, data }));
      // The embedded database has no other instance (and the statement would wait behind its holder).
      if (database.kind !== "postgres") return;
      const payload = tellChange(userId, event, data, origin);
      if (Buffer.byteLength(payload) > MAX_TELL_BYTES) {
        log.warn({ event, bytes: Buffer.byteLength(payload) }, "live: too long to tell other instances");
        return;
      }
      telling = telling
        .then(async () => void (await database.db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${payload})`)))
        .catch((error: unknown) => log.debug({ err: error }, "live: other instances not told"));
    },

    drain() {
      draining = true;
      for (const stream of [...streams.values()]) stream.end("restart");
    },

    async stop() {
      this.drain();
      clearInterval(heartbeat);
      clearInterval(sweep);
      unsubscribe();
      unsubscribeGap();
    },
  };
}
