// Admission control: a bounded number of requests in flight, so overload is
// answered at once with 503 + Retry-After instead of queueing without bound
// until every request is slow. Signed-in accounts have a pool of their own, so
// staff pages keep answering while the public pages are flooded, and their
// database queries go first.
import crypto from "node:crypto";
import type http from "node:http";
import { SESSION_COOKIE_NAME } from "../auth/cookie-name";
import { withQueryPriority } from "../db/query-queue";
import { metrics } from "../metrics";
import { preparedUnavailable } from "./unavailable-page";

export type AdmissionPool = "public" | "staff";

/** Seconds a rejected client is asked to wait. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

const COOKIE_NAMES = [SESSION_COOKIE_NAME, `__Secure-${SESSION_COOKIE_NAME}`];

/**
 * Whether the request carries a session cookie signed with our secret (checked
 * here without the database: HMAC-SHA256, as better-auth signs it). A forged or
 * stale cookie is public traffic; whether the session is still valid and staff is
 * decided later, as for every request.
 */
export function hasSignedSession(cookieHeader: string | undefined, secret: string): boolean {
  if (!cookieHeader) return false;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || !COOKIE_NAMES.includes(part.slice(0, eq).trim())) continue;
    let value: string;
    try {
      value = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      continue;
    }
    const dot = value.lastIndexOf(".");
    if (dot < 1) continue;
    const given = Buffer.from(value.slice(dot + 1), "base64");
    const expected = crypto.createHmac("sha256", secret).update(value.slice(0, dot)).digest();
    if (given.length === expected.length && crypto.timingSafeEqual(given, expected)) return true;
  }
  return false;
}

const answerBusy = preparedUnavailable({
  retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS,
  title: "Playfolio is busy",
  message: "Too many people are using Playfolio at this moment. Please try again in a few seconds.",
});

export interface AdmissionOptions {
  limits: Record<AdmissionPool, number>;
  secret: () => string;
  /** Paths never refused (health check, metrics, static files): they cost next to nothing. */
  exempt: (path: string) => boolean;
  /** While the server drains, a refused request's connection is closed too. */
  draining?: () => boolean;
}

/**
 * Wraps the app's request listener: no middleware runs before a request is
 * admitted, and a refused one is answered with a page made in advance, so a
 * flood costs as little as it can. An admitted staff request's database queries
 * are served first (db/query-queue.ts).
 */
export function admissionControl(app: http.RequestListener, options: AdmissionOptions): http.RequestListener {
  const inFlight: Record<AdmissionPool, number> = { public: 0, staff: 0 };
  return (req, res) => {
    const url = req.url ?? "/";
    const mark = url.indexOf("?");
    if (options.exempt(mark === -1 ? url : url.slice(0, mark))) return app(req, res);
    const pool: AdmissionPool = hasSignedSession(req.headers.cookie, options.secret()) ? "staff" : "public";
    if (inFlight[pool] >= options.limits[pool]) {
      metrics.admissionRejected.inc({ pool });
      answerBusy(req, res, options.draining?.() ? { connection: "close" } : undefined);
      return;
    }
    inFlight[pool]++;
    metrics.inFlight.inc({ pool });
    res.once("close", () => {
      inFlight[pool]--;
      metrics.inFlight.dec({ pool });
    });
    withQueryPriority(pool === "staff" ? "urgent" : "normal", () => app(req, res));
  };
}
