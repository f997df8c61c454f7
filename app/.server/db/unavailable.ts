// Tells "the database cannot answer right now" from other errors: a 503 with Retry-After, not a 500,
// and one log line per outage, not per request.
import { logger } from "../logger";
import { metrics } from "../metrics";
import { causes } from "./errors";

/** Seconds a client is asked to wait when the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 10;

// Socket failures and the breaker's own (ETIMEDOUT, EOPENBREAKER); then SQLSTATEs: class 08,
// statement timeout or cancel, shutting down, not yet accepting, too many connections.
const CODES =
  /^(E(OPENBREAKER|CONNREFUSED|CONNRESET|TIMEDOUT|PIPE|HOSTUNREACH|NETUNREACH|NOTFOUND|AI_AGAIN)|08[0-9A-Z]{3}|57014|57P0[1-3]|53300)$/;
// pg reports its own timeouts and dropped connections with messages only.
const PG_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable|connection timeout/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (const { code, message } of causes(error)) {
    if (typeof code === "string" && CODES.test(code)) return true;
    if (typeof message === "string" && PG_MESSAGES.test(message)) return true;
  }
  return false;
}

let outageSince: number | undefined;

/** Records an outage, logging its first failure only; the first answer ends it (db/client.ts). */
export function noteDatabaseUnavailable(error: unknown): void {
  if (outageSince !== undefined) return;
  outageSince = Date.now();
  metrics.dbUnavailable.set(1);
  logger().error({ err: error }, "database unavailable");
}

/** Ends an outage (if one was recorded) with one line saying how long it lasted. */
export function noteDatabaseAvailable(): void {
  if (outageSince === undefined) return;
  logger().info({ downForMs: Date.now() - outageSince }, "database available again");
  outageSince = undefined;
  metrics.dbUnavailable.set(0);
}

export function isInDatabaseOutage(): boolean {
  return outageSince !== undefined;
}
