// The history's retention (decision 0077): record_history rows, and the import
// batches they name, older than HISTORY_KEEP_DAYS (default 365, never under the
// 30 days restores and reverts rely on) are deleted, once a day by the server.
// The deletes go a few thousand rows per statement, each its own short
// transaction, so the embedded database is never held for long; a whole
// transaction's rows share their time (`at` is the transaction's start), so a
// save's history goes together. record_history has no trigger of its own:
// deleting it is not a change.
import { sql } from "drizzle-orm";
import { db } from "~/.server/db";
import { env } from "~/.server/env";
import { logger } from "~/.server/logger";
import { RESTORE_DAYS } from "./kinds";

const PRUNE_ROWS = 5000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface Pruned {
  rows: number;
  batches: number;
}

/** Deletes the history older than `keepDays` (at least RESTORE_DAYS), and the import batches as old. */
export async function pruneHistory(keepDays = env().HISTORY_KEEP_DAYS, perStatement = PRUNE_ROWS): Promise<Pruned> {
  const cutoff = sql`now() - make_interval(days => ${Math.max(keepDays, RESTORE_DAYS)})`;
  let rows = 0;
  for (;;) {
    const { rows: gone } = await db().execute(sql`delete from record_history where id in (
        select id from record_history where at < ${cutoff} order by id limit ${perStatement}) returning 1`);
    rows += gone.length;
    if (gone.length < perStatement) break;
    // Let the requests that queued behind this statement run before the next.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  const { rows: batches } = await db().execute(
    sql`delete from import_batches where created_at < ${cutoff} returning 1`,
  );
  return { rows, batches: batches.length };
}

/** Prunes now (after `firstMs`) and then once a day while the process lives. */
export function startHistoryPruning(firstMs = 60 * 60 * 1000): () => void {
  const run = () =>
    pruneHistory().then(
      (pruned) => pruned.rows + pruned.batches > 0 && logger().info(pruned, "history pruned"),
      (error: unknown) => logger().error({ err: error }, "history pruning failed"),
    );
  let daily: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    void run();
    daily = setInterval(run, DAY_MS);
    daily.unref();
  }, firstMs);
  first.unref();
  return () => {
    clearTimeout(first);
    clearInterval(daily);
  };
}
