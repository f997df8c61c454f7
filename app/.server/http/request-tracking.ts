// First middleware of every request: gives it an id (X-Request-Id, kept in the
// logs and shown on error pages), and when it ends counts it, times it and
// writes one structured log line.
import crypto from "node:crypto";
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

export function requestTracking(req: Request, res: Response, next: NextFunction): void {
  const started = process.hrtime.bigint();
  const incoming = req.headers["x-request-id"];
  req.id = typeof incoming === "string" && ACCEPTED_ID.test(incoming) ? incoming : newRequestId();
  res.setHeader("X-Request-Id", req.id);
  const group = routeGroup(req.path);
  res.once("close", () => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    // A response cut off before its end (client gone, shutdown) is status 0.
    const status = res.writableFinished ? res.statusCode : 0;
    metrics.requests.inc({ group, method: req.method, status });
    metrics.requestDuration.observe({ group }, seconds);
    if (group === "health" || group === "metrics") return; // polled every few seconds: noise
    logger().info(
      {
        reqId: req.id,
        method: req.method,
        path: req.path,
        status,
        ms: Math.round(seconds * 1000),
        group,
        bytes: Number(res.getHeader("Content-Length")) || undefined,
      },
      "request",
    );
  });
  next();
}
