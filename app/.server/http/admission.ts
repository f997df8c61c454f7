// Admission control (decision 0013): a bounded number of requests in flight, overload answered at once
// with 503 + Retry-After, and a pool of staff's own so their pages answer while public ones are flooded.
import type http from "node:http";
import { SESSION_COOKIE_NAME } from "../auth/cookie-name";
import { metrics } from "../metrics";
import { trackRequest } from "./request-tracking";
import { securityHeaderValues } from "./security-headers";
import { unavailableBody, unavailableHeaders, unavailableType } from "./unavailable-page";

export type AdmissionPool = "public" | "staff";

const BUSY = {
  retryAfterSeconds: 2,
  title: "Playfolio is busy",
  message: "Too many people are using Playfolio at this moment. Please try again in a few seconds.",
};

interface AdmissionOptions {
  limits: Record<AdmissionPool, number>;
  /** Whether a session cookie is staff's (a forged one costs no query; a pending account is public). */
  isStaff: (cookieHeader: string) => Promise<boolean>;
  /** Requests that render nothing (health, metrics, files): never counted, never refused. */
  exempt: (path: string) => boolean;
  /** While the server drains, a refused request's connection is closed after it. */
  isDraining: () => boolean;
}

/** Wraps the listener that renders pages and runs actions (Express) with the gate. */
export function admissionGate(options: AdmissionOptions): (app: http.RequestListener) => http.RequestListener {
  const inFlight: Record<AdmissionPool, number> = { public: 0, staff: 0 };
  // helmet's headers, which every response carries.
  const fixed = { ...securityHeaderValues(), ...unavailableHeaders(BUSY.retryAfterSeconds) };

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
    app(req, res);
  }

  return (app) => (req, res) => {
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    if (options.exempt(query < 0 ? url : url.slice(0, query))) return app(req, res);
    // Named and logged from here: a refusal, or a client gone while its session is looked up, too.
    trackRequest(req, res);
    const cookie = req.headers.cookie;
    if (!cookie?.includes(`${SESSION_COOKIE_NAME}=`)) return admit(app, req, res, "public");
    // A client gone during the session lookup would otherwise never give its slot back.
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
