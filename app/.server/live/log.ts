// The bounded log of change events (live_events, about the last 10,000): what a reconnecting
// browser or a listener that lost its connection missed.
import { sql } from "drizzle-orm";
import type { Database } from "../db";
import type { Change } from "./changes";

type Row = {
  id: string;
  kind: string;
  record_id: string | null;
  op: Change["op"];
  actor_id: string | null;
  actor_name: string | null;
  at: string | Date;
};

const toChange = (row: Row): Change => ({
  id: Number(row.id),
  kind: row.kind,
  record: row.record_id,
  op: row.op,
  actor: row.actor_id,
  actorName: row.actor_name,
  at: new Date(row.at).toISOString(),
});

export interface LogRead {
  changes: Change[];
  /** Events after `afterId` were already dropped from the log: the reader missed some for good. */
  truncated: boolean;
}

/** The logged changes after `afterId`, oldest first (at most `limit`). */
export async function changesAfter(database: Database, afterId: number, limit = 1000): Promise<LogRead> {
  const { rows } = await database.db.execute<Row & { oldest: string }>(sql`
    select id::text, kind, record_id, op, actor_id, actor_name, at,
      (select min(id) from live_events)::text as oldest
    from live_events where id > ${afterId} order by live_events.id limit ${limit}`);
  // Nothing after it means nothing was missed (the log drops its oldest events only). Otherwise the
  // log must still hold the very next one: ids come from a sequence, so a gap is an event dropped.
  const truncated = rows.length > 0 && afterId > 0 && Number(rows[0]!.oldest) > afterId + 1;
  return { changes: rows.map(toChange), truncated };
}

/** The id of the newest logged change (0 when none is kept). */
export async function latestChangeId(database: Database): Promise<number> {
  const { rows } = await database.db.execute<{ id: string | null }>(sql`select max(id)::text as id from live_events`);
  return Number(rows[0]?.id ?? 0);
}
