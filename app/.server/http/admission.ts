// Admission control: a bounded number of requests in flight, so overload is
// answered at once with 503 + Retry-After instead of queueing without bound
// until every request is slow. Signed-in accounts have a pool of their own, so
// staff pages keep answering while the public pages are flooded.
import crypto from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { SESSION_COOKIE_NAME } from "../auth/cookie-name";
import { metrics } from "../metrics";
import { sendUnavailable } from "./unavailable-page";

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

export function admissionControl(options: { limits: Record<AdmissionPool, number>; secret: () => string }) {
  const inFlight: Record<AdmissionPool, number> = { public: 0, staff: 0 };
  return function admit(req: Request, res: Response, next: NextFunction): void {
    const pool: AdmissionPool = hasSignedSession(req.headers.cookie, options.secret()) ? "staff" : "public";
    if (inFlight[pool] >= options.limits[pool]) {
      metrics.admissionRejected.inc({ pool });
      sendUnavailable(res, {
        retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS,
        title: "Playfolio is busy",
        message: "Too many people are using Playfolio at this moment. Please try again in a few seconds.",
        reference: req.id,
      });
      return;
    }
    inFlight[pool]++;
    metrics.inFlight.inc({ pool });
    let done = false;
    res.once("close", () => {
      if (done) return;
      done = true;
      inFlight[pool]--;
      metrics.inFlight.dec({ pool });
    });
    next();
  };
}
