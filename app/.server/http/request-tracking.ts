// Each request Express or the admission gate answers gets an id (X-Request-Id), a pino-http log line and metrics.
import crypto from "node:crypto";
import type http from "node:http";
import { type HttpLogger, pinoHttp } from "pino-http";
import { logger } from "../logger";
import { metrics } from "../metrics";
import { routeGroup } from "./route-group";

declare module "express-serve-static-core" {
  interface Request {
    id: string;
  }
}

// A proxy in front may have named the request already (nginx's $request_id and the like).
const ACCEPTED_ID = /^[\w.:-]{8,128}$/;

/** An id for a response that does not pass through trackRequest (a render cache hit). */
export const newRequestId = (): string => crypto.randomUUID();

/** The id a proxy in front gave the request, or a new one. */
export function requestIdOf(req: http.IncomingMessage): string {
  const incoming = req.headers["x-request-id"];
  return typeof incoming === "string" && ACCEPTED_ID.test(incoming) ? incoming : newRequestId();
}

const pathOf = (req: http.IncomingMessage) => (req.url ?? "/").split("?")[0]!;
// A response cut off before its end (client gone, shutdown) is status 0.
const statusOf = (res: http.ServerResponse) => (res.writableFinished ? res.statusCode : 0);

function line(req: http.IncomingMessage, res: http.ServerResponse, { responseTime }: { responseTime: number }) {
  const path = pathOf(req);
  const bytes = Number(res.getHeader("Content-Length")) || undefined;
  return { method: req.method, path, status: statusOf(res), ms: responseTime, group: routeGroup(path), bytes };
}

let log: HttpLogger | undefined;
function requestLog(): HttpLogger {
  log ??= pinoHttp({
    logger: logger(),
    // The line carries its own fields (no query string, no headers), the id as `reqId`.
    quietReqLogger: true,
    quietResLogger: true,
    genReqId(req, res) {
      const id = requestIdOf(req);
      res.setHeader("X-Request-Id", id);
      return id;
    },
    // Polled every few seconds: counted, not logged.
    autoLogging: { ignore: (req) => ["health", "metrics"].includes(routeGroup(pathOf(req))) },
    customSuccessObject: line,
    customErrorObject: (req, res, _error, value) => line(req, res, value),
    customSuccessMessage: () => "request",
    customErrorMessage: () => "request",
  });
  return log;
}

/** Names, logs, counts and times the request, once (the gate may have begun to before Express). */
export function trackRequest(req: http.IncomingMessage, res: http.ServerResponse, next?: () => void): void {
  if (req.id !== undefined) return next?.();
  const started = performance.now();
  res.once("close", () => {
    const group = routeGroup(pathOf(req));
    metrics.requests.inc({ group, method: req.method, status: statusOf(res) });
    metrics.requestDuration.observe({ group }, (performance.now() - started) / 1000);
  });
  requestLog()(req, res, next);
}
