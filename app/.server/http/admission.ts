// Admission control: a bounded number of requests in flight, so overload is
// answered at once with 503 + Retry-After instead of queueing without bound
// until every request is slow. Signed-in accounts have a pool of their own, so
// staff pages keep answering while the public pages are flooded.
//
// The gate stands in front of Express (behind the render cache, whose hits cost
// nothing): under a flood most requests are refused, and a refusal that went
// through Express's middleware cost about ten times what the answer itself does,
// CPU the admitted requests needed (docs/decisions/0013-admission-control.md).
import crypto from "node:crypto";
import type http from "node:http";
import { SESSION_COOKIE_NAME } from "../auth/cookie-name";
import { metrics } from "../metrics";
import { flatHeaders, writeRaw } from "./raw-response";
import { recordRequest, requestIdOf } from "./request-tracking";
import { securityHeaderList } from "./security-headers";
import { unavailableBody, unavailableHeaders, unavailableType } from "./unavailable-page";

export type AdmissionPool = "public" | "staff";

/** Seconds a rejected client is asked to wait. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

const BUSY = {
  retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS,
  title: "Playfolio is busy",
  message: "Too many people are using Playfolio at this moment. Please try again in a few seconds.",
};

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

export interface AdmissionOptions {
  limits: Record<AdmissionPool, number>;
  secret: () => string;
  /** Requests that render nothing (health, metrics, files): never counted, never refused. */
  exempt: (path: string) => boolean;
  /** While the server drains, a refused request's connection is closed after it. */
  isDraining: () => boolean;
}

/** Wraps the listener that renders pages and runs actions (Express) with the gate. */
export function admissionGate(options: AdmissionOptions): (app: http.RequestListener) => http.RequestListener {
  const inFlight: Record<AdmissionPool, number> = { public: 0, staff: 0 };
  // Everything but the request id and the length, made once.
  const security = securityHeaderList();
  const fixed = flatHeaders(unavailableHeaders(BUSY_RETRY_AFTER_SECONDS));
  const prefix = {
    html: [...security, "content-type", "text/html; charset=utf-8", ...fixed],
    text: [...security, "content-type", "text/plain; charset=utf-8", ...fixed],
  };

  function refuse(req: http.IncomingMessage, res: http.ServerResponse, path: string, pool: AdmissionPool) {
    const started = performance.now();
    const id = requestIdOf(req);
    const type = unavailableType(req);
    const body = Buffer.from(unavailableBody(type, { ...BUSY, reference: id }));
    const headers = [...prefix[type], "x-request-id", id, "content-length", String(body.length)];
    if (options.isDraining()) headers.push("connection", "close");
    writeRaw(res, 503, headers, req.method === "HEAD" ? undefined : body);
    metrics.admissionRejected.inc({ pool });
    recordRequest({
      id,
      method: req.method,
      path,
      status: 503,
      seconds: (performance.now() - started) / 1000,
      bytes: body.length,
    });
  }

  return (app) => (req, res) => {
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    const path = query < 0 ? url : url.slice(0, query);
    if (options.exempt(path)) return app(req, res);
    const pool: AdmissionPool = hasSignedSession(req.headers.cookie, options.secret()) ? "staff" : "public";
    if (inFlight[pool] >= options.limits[pool]) return refuse(req, res, path, pool);
    inFlight[pool]++;
    metrics.inFlight.inc({ pool });
    res.once("close", () => {
      inFlight[pool]--;
      metrics.inFlight.dec({ pool });
    });
    app(req, res);
  };
}
