// Tells "the database cannot answer right now" (refused, dropped, frozen,
// timed out, shutting down) from every other error, so a request can answer
// 503 with Retry-After instead of 500, and keeps the log to one line per
// outage instead of one per request.
import { logger } from "../logger";
import { metrics } from "../metrics";

/** Seconds a client is asked to wait when the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 10;

// Socket-level failures reaching PostgreSQL, and the circuit breaker's own
// (ETIMEDOUT: no answer in time; EOPENBREAKER: not asked, the breaker is open).
const NETWORK_CODES = new Set([
  "EOPENBREAKER",
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
// SQLSTATEs: statement timeout / cancel, shutting down, not yet accepting, too many connections.
const SQLSTATES = new Set(["57014", "57P01", "57P02", "57P03", "53300"]);
// pg reports its own timeouts and dropped connections with messages only.
const PG_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable|connection timeout/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let current: unknown = error;
    current && typeof current === "object";
    current = (current as { cause?: unknown }).cause
  ) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string") {
      if (NETWORK_CODES.has(code) || SQLSTATES.has(code)) return true;
      if (/^08[0-9A-Z]{3}$/.test(code)) return true; // class 08: connection exception
    }
    if (typeof message === "string" && PG_MESSAGES.test(message)) return true;
  }
  return false;
}

let outageSince: number | undefined;

/**
 * Records an outage; only the first failure of an outage is logged. Its end is
 * noted by the first answer (db/client.ts: the circuit breaker's trial query on
 * PostgreSQL, any query on the embedded database).
 */
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
