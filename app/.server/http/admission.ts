// Admission control: a bounded number of requests in flight, so overload is
// answered at once with 503 + Retry-After instead of queueing without bound
// until every request is slow. Staff and admins have a pool of their own, so
// staff pages keep answering while the public pages are flooded.
//
// The gate stands in front of Express (behind the render cache, whose hits cost
// nothing): under a flood most requests are refused, and a refusal that went
// through Express's middleware cost about four times what it costs here, CPU the
// admitted requests needed (docs/decisions/0013-admission-control.md).
import type http from "node:http";
import { SESSION_COOKIE_NAME } from "../auth/cookie-name";
import { type AdmissionPool, inAdmissionPool } from "../db/statement-lanes";
import { metrics } from "../metrics";
import { trackRequest } from "./request-tracking";
import { securityHeaderValues } from "./security-headers";
import { unavailableBody, unavailableHeaders, unavailableType } from "./unavailable-page";

/** Seconds a rejected client is asked to wait. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

const BUSY = {
  retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS,
  title: "Playfolio is busy",
  message: "Too many people are using Playfolio at this moment. Please try again in a few seconds.",
};

export interface AdmissionOptions {
  limits: Record<AdmissionPool, number>;
  /**
   * Whether a request that carries a session cookie comes from staff or an admin
   * (asked of better-auth: a forged cookie costs no database query, a pending
   * account is public traffic). Requests without one are public at once.
   */
  isStaff: (cookieHeader: string) => Promise<boolean>;
  /** Requests that render nothing (health, metrics, files): never counted, never refused. */
  exempt: (path: string) => boolean;
  /** While the server drains, a refused request's connection is closed after it. */
  isDraining: () => boolean;
}

/** Wraps the listener that renders pages and runs actions (Express) with the gate. */
export function admissionGate(options: AdmissionOptions): (app: http.RequestListener) => http.RequestListener {
  const inFlight: Record<AdmissionPool, number> = { public: 0, staff: 0 };
  // helmet's headers, as every response carries them; read once.
  const fixed = { ...securityHeaderValues(), ...unavailableHeaders(BUSY_RETRY_AFTER_SECONDS) };

  function refuse(req: http.IncomingMessage, res: http.ServerResponse, pool: AdmissionPool) {
    const type = unavailableType(req);
    const body = unavailableBody(type, { ...BUSY, reference: String(req.id) });
    res.writeHead(503, {
      ...fixed,
      "content-type": `text/${type === "html" ? "html" : "plain"}; charset=utf-8`,
      ...(options.isDraining() ? { connection: "close" } : {}),
    });
    res.end(req.method === "HEAD" ? undefined : body);
    metrics.admissionRejected.inc({ pool });
  }

  function admit(app: http.RequestListener, req: http.IncomingMessage, res: http.ServerResponse, pool: AdmissionPool) {
    if (inFlight[pool] >= options.limits[pool]) return refuse(req, res, pool);
    inFlight[pool]++;
    metrics.inFlight.inc({ pool });
    res.once("close", () => {
      inFlight[pool]--;
      metrics.inFlight.dec({ pool });
    });
    // The database lets this pool's statements in accordingly (db/statement-lanes.ts).
    inAdmissionPool(pool, () => app(req, res));
  }

  return (app) => (req, res) => {
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    if (options.exempt(query < 0 ? url : url.slice(0, query))) return app(req, res);
    // Named and logged from here: a refusal, or a client gone while its session is looked up, too.
    trackRequest(req, res);
    const cookie = req.headers.cookie;
    if (!cookie?.includes(`${SESSION_COOKIE_NAME}=`)) return admit(app, req, res, "public");
    // The client may leave while its session is looked up: its response's "close" is then
    // over before admit() listens for it, and the slot it took would never come back.
    let gone = false;
    const leave = () => (gone = true);
    res.once("close", leave);
    const enter = (pool: AdmissionPool) => {
      res.off("close", leave);
      if (!gone) admit(app, req, res, pool);
    };
    options.isStaff(cookie).then(
      (staff) => enter(staff ? "staff" : "public"),
      // The session could not be looked up (the database is down): as anyone else.
      () => enter("public"),
    );
  };
}
