// The history's retention (decisions 0077, 0097): record_history rows, the
// import batches they name and the accounts' trail (audit_log), older than
// HISTORY_KEEP_DAYS (default 365, never under the 30 days restores and reverts
// rely on) are deleted, once a day by the server. The deletes go a few
// thousand rows per statement, each its own short transaction, so the embedded
// database is never held for long; a whole transaction's rows share their time
// (`at` is the transaction's start), so a save's history goes together.
// record_history and audit_log have no history trigger: deleting them is not a change.
// The same daily run deletes expired sign-in codes and links (pruneExpiredCodes), and
// import sessions past their hour that no upload has swept since.
import { type SQL, sql } from "drizzle-orm";
import { db } from "~/.server/db";
import { env } from "~/.server/env";
import { logger } from "~/.server/logger";
import { pruneImportSessions } from "../import/sessions.server";
import { RESTORE_DAYS } from "~/tables/history";

const PRUNE_ROWS = 5000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface Pruned {
  rows: number;
  batches: number;
  accountChanges: number;
}

/** Deletes `table`'s rows whose `time` is before `cutoff`, `perStatement` at a time. */
async function deleteOlder(table: string, time: string, cutoff: SQL, perStatement: number): Promise<number> {
  const [name, column] = [sql.identifier(table), sql.identifier(time)];
  let deleted = 0;
  for (;;) {
    const { rows: gone } = await db().execute(sql`delete from ${name} where id in (
        select id from ${name} where ${column} < ${cutoff} order by id limit ${perStatement}) returning 1`);
    deleted += gone.length;
    if (gone.length < perStatement) return deleted;
    // Let the requests that queued behind this statement run before the next.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** Deletes the history older than `keepDays` (at least RESTORE_DAYS), the import batches and account changes as old. */
export async function pruneHistory(keepDays = env().HISTORY_KEEP_DAYS, perStatement = PRUNE_ROWS): Promise<Pruned> {
  const cutoff = sql`now() - make_interval(days => ${Math.max(keepDays, RESTORE_DAYS)})`;
  return {
    rows: await deleteOlder("record_history", "at", cutoff, perStatement),
    batches: await deleteOlder("import_batches", "created_at", cutoff, perStatement),
    accountChanges: await deleteOlder("audit_log", "created_at", cutoff, perStatement),
  };
}

/**
 * Deletes expired sign-in codes and links (better-auth's `verification` rows). better-auth deletes them
 * too, but only when some code or link is looked up; the portal makes a code for every address asked
 * (app/domain/portal/sign-in.server.ts), so rows a stranger asked for and never tried go here at the latest.
 */
export async function pruneExpiredCodes(perStatement = PRUNE_ROWS): Promise<number> {
  return deleteOlder("verification", "expires_at", sql`now()`, perStatement);
}

/** Prunes now (after `firstMs`) and then once a day while the process lives. */
export function startHistoryPruning(firstMs = 60 * 60 * 1000): () => void {
  const run = () =>
    Promise.all([pruneHistory(), pruneExpiredCodes(), pruneImportSessions()]).then(
      ([pruned, expiredCodes, importSessions]) =>
        pruned.rows + pruned.batches + pruned.accountChanges + expiredCodes + importSessions > 0 &&
        logger().info({ ...pruned, expiredCodes, importSessions }, "history pruned"),
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
