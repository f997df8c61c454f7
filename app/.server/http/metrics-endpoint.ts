// GET /metrics (Prometheus): with METRICS_TOKEN only for its bearer, wherever from (a local proxy makes
// everyone look local); without it, only for a scraper on this machine not behind a proxy. Else 404.
import crypto from "node:crypto";
import type { Request, Response } from "express";
import { metrics } from "../metrics";
import { bearerToken, isDirectLoopback } from "./loopback";

function sameToken(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const a = crypto.createHash("sha256").update(given).digest();
  const b = crypto.createHash("sha256").update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

export function metricsHandler(token: string | undefined) {
  return async (req: Request, res: Response) => {
    res.setHeader("Cache-Control", "no-store");
    const allowed = token === undefined ? isDirectLoopback(req) : sameToken(bearerToken(req), token);
    if (!allowed) {
      res.status(404).type("text/plain").send("Not found");
      return;
    }
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  };
}
