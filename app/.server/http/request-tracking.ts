// First middleware of every request: gives it an id (X-Request-Id, kept in the
// logs and shown on error pages), and when it ends counts it, times it and
// writes one structured log line.
import crypto from "node:crypto";
import type http from "node:http";
import type { NextFunction, Request, Response } from "express";
import { logger } from "../logger";
import { metrics } from "../metrics";
import { routeGroup } from "./route-group";

declare module "express-serve-static-core" {
  interface Request {
    /** This request's id in the logs. */
    id: string;
  }
}

// A proxy in front may have named the request already (nginx's $request_id and the like).
const ACCEPTED_ID = /^[\w.:-]{8,128}$/;

/** An id for a response that does not pass through requestTracking (a render cache hit). */
export const newRequestId = (): string => crypto.randomUUID();

/** The id a proxy in front gave the request, or a new one. */
export function requestIdOf(req: http.IncomingMessage): string {
  const incoming = req.headers["x-request-id"];
  return typeof incoming === "string" && ACCEPTED_ID.test(incoming) ? incoming : newRequestId();
}

/** Counts and times one answered request, and logs it (one structured line). */
export function recordRequest(request: {
  id: string;
  method: string | undefined;
  path: string;
  status: number;
  seconds: number;
  bytes?: number;
}): void {
  const group = routeGroup(request.path);
  metrics.requests.inc({ group, method: request.method, status: request.status });
  metrics.requestDuration.observe({ group }, request.seconds);
  if (group === "health" || group === "metrics") return; // polled every few seconds: noise
  logger().info(
    {
      reqId: request.id,
      method: request.method,
      path: request.path,
      status: request.status,
      ms: Math.round(request.seconds * 1000),
      group,
      bytes: request.bytes,
    },
    "request",
  );
}

export function requestTracking(req: Request, res: Response, next: NextFunction): void {
  const started = process.hrtime.bigint();
  req.id = requestIdOf(req);
  res.setHeader("X-Request-Id", req.id);
  res.once("close", () =>
    recordRequest({
      id: req.id,
      method: req.method,
      path: req.path,
      // A response cut off before its end (client gone, shutdown) is status 0.
      status: res.writableFinished ? res.statusCode : 0,
      seconds: Number(process.hrtime.bigint() - started) / 1e9,
      bytes: Number(res.getHeader("Content-Length")) || undefined,
    }),
  );
  next();
}
