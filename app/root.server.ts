// Response headers every page gets: its database round trips, and framing
// refused unless its route says otherwise.
import type { MiddlewareFunction } from "react-router";
import { queryCount } from "~/.server/db/query-count";
import { DATABASE_RETRY_AFTER_SECONDS } from "~/.server/db/unavailable";

/**
 * Pages are not frameable unless their route sets its own
 * Content-Security-Policy (the embed pages allow FRAME_ANCESTORS).
 */
export const responseHeadersMiddleware: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  const queries = queryCount();
  if (queries !== undefined) response.headers.append("Server-Timing", `db;desc="${queries} queries"`);
  // A thrown 503 (the database cannot answer, see http/route-errors.ts) does not carry its own headers here.
  if (response.status === 503 && !response.headers.has("Retry-After")) {
    response.headers.set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
  }
  if (!response.headers.has("Content-Security-Policy")) {
    response.headers.set(
      "Content-Security-Policy",
      "frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'",
    );
    response.headers.set("X-Frame-Options", "DENY");
  }
  return response;
};
