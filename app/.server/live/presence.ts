// Who has which record open for editing (live_presence, one row per tab, repeated every few
// seconds): a row not repeated within PRESENCE_TTL_MS (a dropped connection) or of a closed stream is
// gone. Each change is a `presence` event on the change channel, so every instance hears it.
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../db";
import { CHANGES_CHANNEL, presenceChange } from "./changes";

export const PRESENCE_TTL_MS = 20_000;

export interface PresenceTab {
  streamId: string;
  tabId: string;
  userId: string;
  userName: string;
}

export interface PresentPerson {
  userId: string;
  name: string;
  /** ISO time: since when (the earliest of their tabs on the record). */
  since: string;
}

async function publish(database: Database, subjects: Iterable<string | null | undefined>): Promise<void> {
  for (const subject of new Set(subjects)) {
    if (subject) await database.db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${presenceChange(subject)})`);
  }
}

/** Runs a delete `returning subject` and tells those records. */
async function publishDeleted(database: Database, statement: SQL): Promise<void> {
  const { rows } = await database.db.execute<{ subject: string }>(statement);
  await publish(
    database,
    rows.map((row) => row.subject),
  );
}

/** This tab is on `subject` (e.g. "project:<id>"), or on no record (null). */
export async function announcePresence(database: Database, tab: PresenceTab, subject: string | null): Promise<void> {
  if (subject === null) {
    return publishDeleted(
      database,
      sql`delete from live_presence where stream_id = ${tab.streamId} and tab_id = ${tab.tabId} returning subject`,
    );
  }
  const ttl = `${PRESENCE_TTL_MS} milliseconds`;
  const { rows } = await database.db.execute<{ before: string | null }>(sql`
    with before as (
      select subject from live_presence where stream_id = ${tab.streamId} and tab_id = ${tab.tabId}
    ), saved as (
      insert into live_presence (stream_id, tab_id, user_id, user_name, subject, expires_at)
      values (${tab.streamId}, ${tab.tabId}, ${tab.userId}, ${tab.userName}, ${subject},
        clock_timestamp() + ${ttl}::interval)
      on conflict (stream_id, tab_id) do update set
        subject = excluded.subject,
        user_name = excluded.user_name,
        since = case when live_presence.subject = excluded.subject then live_presence.since else excluded.since end,
        expires_at = excluded.expires_at
      returning 1
    )
    select (select subject from before) as before, (select count(*) from saved) as saved`);
  const before = rows[0]?.before ?? null;
  // A repeat of the same record only keeps the row alive: nothing to tell.
  if (before !== subject) await publish(database, [before, subject]);
}

/** A stream closed: its tabs are on no record any more. */
export async function clearStreamPresence(database: Database, streamId: string): Promise<void> {
  await publishDeleted(database, sql`delete from live_presence where stream_id = ${streamId} returning subject`);
}

/** Rows not repeated in time (their browser went away without a word). */
export async function sweepExpiredPresence(database: Database): Promise<void> {
  await publishDeleted(database, sql`delete from live_presence where expires_at < clock_timestamp() returning subject`);
}

/** Who is on `subject`, and through which streams (to tell exactly those). */
export async function presenceOn(
  database: Database,
  subject: string,
): Promise<{ people: PresentPerson[]; streamIds: Set<string> }> {
  const { rows } = await database.db.execute<{ stream_id: string; user_id: string; user_name: string; since: string }>(
    sql`select stream_id, user_id, user_name, since from live_presence
        where subject = ${subject} and expires_at >= clock_timestamp()
        order by since`,
  );
  const people = new Map<string, PresentPerson>();
  for (const row of rows) {
    if (!people.has(row.user_id)) {
      people.set(row.user_id, { userId: row.user_id, name: row.user_name, since: new Date(row.since).toISOString() });
    }
  }
  return { people: [...people.values()], streamIds: new Set(rows.map((row) => row.stream_id)) };
}
