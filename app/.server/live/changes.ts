// Committed changes, heard by one listener per process (decision 0106) on one NOTIFY channel, and
// other instances' `tell`s. PGlite notifies before the committing query returns; on PostgreSQL a
// lost LISTEN connection is a gap (`onGap`) until it reconnects.
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import type { Database } from "../db";
import { changesAfter, latestChangeId } from "./log";

export const CHANGES_CHANNEL = "playfolio_changes";
const RECONNECT_MS = 1000;
// A listener that dies with its socket open would leave pages served from before unheard writes.
const HEARTBEAT_MS = 5000;
const HEARTBEAT_TIMEOUT_MS = 2000;

export interface Change {
  /** The logged event's id (what a browser reconnects after); none for what is not logged. */
  id?: number;
  kind: string;
  /** The record's id; null when many of its kind changed at once (or the table was emptied). */
  record: string | null;
  op?: "created" | "updated" | "deleted";
  actor?: string | null;
  actorName?: string | null;
  /** ISO time of the commit. */
  at?: string;
  /** A `tell` (record: the person): the event and data for their streams, and the instance that sent it. */
  event?: string;
  data?: unknown;
  origin?: string;
}

export interface ChangeFeed {
  subscribe(listener: (change: Change) => void): () => void;
  /** Changes may have been missed (the listening connection was lost and is being re-established). */
  onGap(listener: () => void): () => void;
  /** The listening connection is back (or through at last): from now on every commit is heard. */
  onResume(listener: () => void): () => void;
  /** Whether every commit is being heard now (false between a gap and its resume). */
  isListening(): boolean;
  /** Names the listening connection (application_name, kept across reconnects) for other instances to read. */
  name(applicationName: string): void;
  stop(): Promise<void>;
}

/** A presence change is published from the app (not by a table trigger): this is its payload. */
export function presenceChange(subject: string): string {
  return JSON.stringify({ kind: "presence", record: subject } satisfies Change);
}

/** The payload of a `tell`: `event` with `data` for every stream of `userId`, on every instance. */
export function tellChange(userId: string, event: string, data: unknown, origin: string): string {
  return JSON.stringify({ kind: "tell", record: userId, event, data, origin } satisfies Change);
}

function parse(payload: string): Change | undefined {
  try {
    const change = JSON.parse(payload) as Change;
    if (typeof change.kind !== "string") return undefined;
    // As the log reads it back (the database writes its own offset).
    if (change.at) change.at = new Date(change.at).toISOString();
    return change;
  } catch {
    return undefined;
  }
}

export async function listenForChanges(
  database: Database,
  options: { reconnectMs?: number; heartbeatMs?: number } = {},
): Promise<ChangeFeed> {
  const listeners = new Set<(change: Change) => void>();
  const gapListeners = new Set<() => void>();
  const resumeListeners = new Set<() => void>();
  let listening = true;
  const deliver = (payload: string) => {
    const change = parse(payload);
    if (change) for (const listener of listeners) listener(change);
  };
  const add =
    <L>(set: Set<L>) =>
    (listener: L) => {
      set.add(listener);
      return () => void set.delete(listener);
    };
  const feed = (stop: () => Promise<void>, name: (applicationName: string) => void = () => {}): ChangeFeed => ({
    subscribe: add(listeners),
    onGap: add(gapListeners),
    onResume: add(resumeListeners),
    isListening: () => listening,
    name,
    stop,
  });

  if (database.kind === "pglite") {
    const unlisten = await (database.raw as PGlite).listen(CHANGES_CHANNEL, deliver);
    return feed(() => unlisten().catch(() => {}));
  }

  const pool = database.raw as pg.Pool;
  let listener: pg.Client | undefined;
  let stopped = false;
  let reconnect: NodeJS.Timeout | undefined;
  // The newest logged event delivered: after a lost connection, what was logged meanwhile is read back.
  let lastId: number | undefined;
  let applicationName: string | undefined;
  // The listening connection once it listens; names are set on it one at a time.
  let ready: pg.Client | undefined;
  let naming = Promise.resolve();
  const rename = (client: pg.Client) => {
    naming = naming.then(() =>
      client.query("select set_config('application_name', $1, false)", [applicationName]).then(
        () => {},
        () => {}, // a lost connection reconnects, and is named again
      ),
    );
  };
  const deliverInOrder = (change: Change) => {
    if (change.id !== undefined) {
      if (lastId !== undefined && change.id <= lastId) return;
      lastId = change.id;
    }
    for (const listener of listeners) listener(change);
  };
  const { default: pg } = await import("pg"); // PostgreSQL only: the embedded database never loads it
  const connect = async (): Promise<void> => {
    const client = new pg.Client({ ...pool.options, keepAlive: true });
    listener = client;
    let gone = false;
    let heartbeat: NodeJS.Timeout | undefined;
    // Notifications that arrive while the log is read back wait for it.
    let waiting: Change[] | undefined = [];
    const lost = () => {
      if (gone) return;
      gone = true;
      clearInterval(heartbeat);
      if (listener === client) listener = undefined;
      void client.end().catch(() => {});
      listening = false;
      for (const gap of gapListeners) gap();
      if (!stopped) {
        reconnect = setTimeout(() => void connect().catch(() => {}), options.reconnectMs ?? RECONNECT_MS);
        reconnect.unref();
      }
    };
    client.on("error", lost);
    client.on("end", lost);
    client.on("notification", (message) => {
      const change = message.channel === CHANGES_CHANNEL && message.payload ? parse(message.payload) : undefined;
      if (!change) return;
      if (waiting) waiting.push(change);
      else deliverInOrder(change);
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANGES_CHANNEL}`);
      ready = client;
      if (applicationName) rename(client);
      if (lastId === undefined) lastId = await latestChangeId(database);
      else for (const change of (await changesAfter(database, lastId)).changes) deliverInOrder(change);
      const arrived = waiting;
      waiting = undefined;
      for (const change of arrived) deliverInOrder(change);
      const beatMs = options.heartbeatMs ?? HEARTBEAT_MS;
      // pg reads a query's own query_timeout; its types do not list it.
      const beat: pg.QueryConfig = { text: "select 1", ...{ query_timeout: Math.min(HEARTBEAT_TIMEOUT_MS, beatMs) } };
      heartbeat = setInterval(() => void client.query(beat).catch(lost), beatMs);
      heartbeat.unref();
      if (!listening) {
        listening = true;
        for (const resume of resumeListeners) resume();
      }
    } catch (error) {
      lost();
      throw error;
    }
  };
  // Read through the pool first: if the listener fails, its retry still gets everything since now.
  lastId = await latestChangeId(database).catch(() => undefined);
  // Without a listener the feed starts deaf (isListening() false) and the listener is retried.
  await connect().catch(() => {});
  return feed(
    async () => {
      stopped = true;
      clearTimeout(reconnect);
      await listener?.end().catch(() => {});
    },
    (name) => {
      applicationName = name;
      if (ready && ready === listener) rename(ready);
    },
  );
}
