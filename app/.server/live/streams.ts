// The staff's live streams (GET /admin/events, decision 0108): every published change, and on
// reconnect what was missed, from the log. No record's content: a page reloads through its own
// loader and access checks. Bounded per person and in all, outside admission control; when full,
// the oldest stream of whoever holds most gives way ("crowded"), so no one's tabs shut out the rest.
// A stream ends with its session, staff role, session expiry, or the drain (the browser reconnects).
import crypto from "node:crypto";
import { once } from "node:events";
import { Channel, Session } from "better-sse";
import { sql } from "drizzle-orm";
import type { Database } from "../db";
import { logger } from "../logger";
import { CHANGES_CHANNEL, type Change, type ChangeFeed, tellChange } from "./changes";
import { changesAfter, latestChangeId } from "./log";
import { clearStreamPresence, presenceOn, sweepExpiredPresence } from "./presence";
import { StreamConnection } from "./sse";

/** Keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 15_000;
const SWEEP_MS = 5_000;
/** Milliseconds a browser waits before reconnecting. */
const RETRY_MS = 2_000;
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

export type EndReason = "signed-out" | "access" | "expired" | "restart" | "crowded";

export interface LiveStreams {
  /** The answer to a stream request: the stream, or 429/503 when over the limits or draining. */
  open(owner: StreamOwner, request: Request): Promise<Response>;
  /**
   * Sends `event` to every stream of one person: here from memory (no statement: an import's
   * transaction may hold the embedded database), elsewhere through the change channel, in order.
   */
  tellPerson(userId: string, event: string, data: unknown): void;
  /** The server drains: every stream ends now (browsers reconnect elsewhere), new ones are refused. */
  drain(): void;
  readonly size: number;
  stop(): Promise<void>;
}

interface StreamState {
  id: string;
  owner: StreamOwner;
  /** Changes heard while the stream is still being sent what it missed; null once caught up. */
  waiting: Change[] | null;
  lastSentId: number;
  close(): void;
}

type Stream = Session<StreamState>;

/** What a browser is told of a change: never the record's content. */
const changeData = (change: Change) => ({
  id: change.id,
  kind: change.kind,
  record: change.record,
  op: change.op,
  actor: change.actor ? { id: change.actor, name: change.actorName ?? null } : null,
  at: change.at,
});

/** Whether `change` is for this stream, and not sent to it yet (replay and live may both bring it). */
function isNew(stream: Stream, change: Change): boolean {
  if (change.id === undefined || change.id <= stream.state.lastSentId) return false;
  stream.state.lastSentId = change.id;
  // Accounts are an administrator's business (Settings → Team).
  return change.kind !== "account" || stream.state.owner.role === "admin";
}

/** An event that is not a change keeps the browser's id, so its Last-Event-ID still names the last change. */
function say(stream: Stream, event: string, data: unknown): void {
  if (stream.isConnected) stream.push(data, event, stream.lastId);
}

function end(stream: Stream, reason?: EndReason): void {
  if (reason) say(stream, "end", { reason });
  stream.state.close();
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
  const channel = new Channel<Record<string, never>, StreamState>();
  let draining = false;
  /** This set of streams, as the words it sends to other instances name it (it hears its own too). */
  const origin = crypto.randomUUID();
  let telling = Promise.resolve();
  const streamsOf = (userId: string) => channel.activeSessions.filter((s) => s.state.owner.userId === userId);
  const sendToPerson = (userId: string, event: string, data: unknown) => {
    for (const stream of streamsOf(userId)) say(stream, event, data);
  };

  /** The streams of the person (other than `userId`) who holds most, oldest first. */
  const mostStreams = (userId: string): Stream[] => {
    const byPerson = new Map<string, Stream[]>();
    for (const stream of channel.activeSessions) {
      const person = stream.state.owner.userId;
      if (person !== userId) byPerson.set(person, [...(byPerson.get(person) ?? []), stream]);
    }
    return [...byPerson.values()].reduce((most, held) => (held.length > most.length ? held : most), []);
  };

  const recheck = async (stream: Stream) => {
    const staff = await options.isStaff(stream.state.owner.cookie).catch(() => true);
    if (!staff) end(stream, "access");
  };

  // One query per record at a time: a change heard meanwhile runs it once more after.
  const presenceAgain = new Map<string, boolean>();
  const tellPresence = async (subject: string) => {
    if (presenceAgain.has(subject)) return void presenceAgain.set(subject, true);
    do {
      presenceAgain.set(subject, false);
      if (channel.sessionCount === 0) break;
      try {
        const { people, streamIds } = await presenceOn(database, subject);
        for (const stream of channel.activeSessions) {
          if (streamIds.has(stream.state.id)) say(stream, "presence", { subject, people });
        }
      } catch (error) {
        log.debug({ err: error }, "live: presence could not be read");
      }
    } while (presenceAgain.get(subject));
    presenceAgain.delete(subject);
  };

  const unsubscribe = feed.subscribe((change) => {
    if (change.kind === "content") return;
    if (change.kind === "tell") {
      if (change.origin !== origin && change.record && change.event)
        sendToPerson(change.record, change.event, change.data);
      return;
    }
    if (change.kind === "presence") {
      if (change.record) void tellPresence(change.record);
      return;
    }
    if (change.kind === "session") {
      for (const stream of channel.activeSessions)
        if (stream.state.owner.sessionId === change.record) end(stream, "signed-out");
      return;
    }
    channel.broadcast(changeData(change), "change", {
      eventId: String(change.id),
      filter: (stream) => (stream.state.waiting ? (stream.state.waiting.push(change), false) : isNew(stream, change)),
    });
    if (change.kind === "account" && change.record) {
      for (const stream of streamsOf(change.record)) void recheck(stream);
    }
  });
  // A session ended while the listener was away is not known: ask again for every stream.
  const unsubscribeGap = feed.onGap(() => {
    for (const stream of channel.activeSessions) void recheck(stream);
  });

  const sweep = setInterval(
    () =>
      void sweepExpiredPresence(database).catch((error) =>
        log.debug({ err: error }, "live: expired presence not swept"),
      ),
    options.sweepMs ?? SWEEP_MS,
  );
  sweep.unref();

  const send = (stream: Stream, change: Change) => {
    if (isNew(stream, change) && stream.isConnected) stream.push(changeData(change), "change", String(change.id));
  };

  /** Sends what the stream missed since `lastEventId`, or where the log stands now, then what came meanwhile. */
  async function catchUp(stream: Stream, lastEventId: number | undefined) {
    const hello = { stream: stream.state.id };
    if (lastEventId === undefined) {
      stream.state.lastSentId = await latestChangeId(database);
      if (stream.isConnected) stream.push(hello, "hello", String(stream.state.lastSentId));
    } else {
      stream.state.lastSentId = lastEventId;
      say(stream, "hello", hello);
      for (let more = true; more;) {
        const read = await changesAfter(database, stream.state.lastSentId);
        if (read.truncated) {
          // Some of what it missed is no longer kept: the page reloads everything it shows.
          stream.state.lastSentId = await latestChangeId(database);
          if (stream.isConnected) stream.push({}, "reset", String(stream.state.lastSentId));
          break;
        }
        for (const change of read.changes) send(stream, change);
        more = read.changes.length === 1000;
      }
    }
    const waiting = stream.state.waiting ?? [];
    stream.state.waiting = null;
    for (const change of waiting) send(stream, change);
  }

  /** Whether `userId` may have one more stream; the oldest of whoever holds most may give way. */
  function admission(userId: string): Response | undefined {
    if (draining) return refusal(503, "The server is restarting.", 1);
    const own = streamsOf(userId).length;
    if (own >= options.limits.perPerson) {
      return refusal(429, "Too many live connections for this account: close some tabs.", 30);
    }
    if (channel.sessionCount < options.limits.total) return undefined;
    const crowding = mostStreams(userId);
    // Giving way evens the shares: the one holding most keeps at least one more than the newcomer.
    if (crowding.length <= own + 1) {
      return refusal(503, "Too many live connections to this server: try again in a minute.", 60);
    }
    end(crowding[0]!, "crowded");
    return undefined;
  }

  return {
    get size() {
      return channel.sessionCount;
    },

    async open(owner, request) {
      if (draining) return refusal(503, "The server is restarting.", 1);
      const connection = new StreamConnection(request, MAX_QUEUED_BYTES);
      const stream: Stream = new Session(connection, {
        retry: RETRY_MS,
        keepAlive: options.heartbeatMs ?? HEARTBEAT_MS,
        state: { id: crypto.randomUUID(), owner, waiting: [], lastSentId: 0, close: connection.close },
      });
      await once(stream, "connected");
      // Counted and registered in one go, so two streams opening together cannot both take the last place.
      const refused = admission(owner.userId);
      if (refused) {
        connection.close();
        return refused;
      }
      channel.register(stream);
      // Heard only once connected: a session that ended before it started would keep its keep-alive timer.
      request.signal.addEventListener("abort", connection.close, { once: true });
      if (request.signal.aborted) connection.close();

      let expiry: NodeJS.Timeout | undefined;
      const left = (owner.sessionExpiresAt?.getTime() ?? Infinity) - Date.now();
      if (left <= MAX_TIMER_MS) {
        expiry = setTimeout(() => end(stream, "expired"), Math.max(0, left));
        expiry.unref();
      }
      stream.once("disconnected", () => {
        clearTimeout(expiry);
        void clearStreamPresence(database, stream.state.id).catch((error) =>
          log.debug({ err: error }, "live: presence of a closed stream not cleared"),
        );
      });
      const lastEventId = /^\d{1,15}$/.test(stream.lastId) ? Number(stream.lastId) : undefined;
      void catchUp(stream, lastEventId).catch((error) => {
        log.warn({ err: error }, "live: a stream could not be sent what it missed");
        // The browser reconnects and asks again.
        end(stream);
      });
      return connection.response;
    },

    tellPerson(userId, event, data) {
      sendToPerson(userId, event, data);
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
      for (const stream of channel.activeSessions) end(stream, "restart");
    },

    async stop() {
      this.drain();
      clearInterval(sweep);
      unsubscribe();
      unsubscribeGap();
    },
  };
}
