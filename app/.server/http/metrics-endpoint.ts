// GET /metrics: the Prometheus text format, for a scraper on this machine, or
// anywhere with `Authorization: Bearer $METRICS_TOKEN`. Everyone else gets 404.
import crypto from "node:crypto";
import type { Request, Response } from "express";
import { metrics } from "../metrics";
import { bearerToken, isDirectLoopback } from "./loopback";

function sameToken(given: string | undefined, expected: string | undefined): boolean {
  if (!given || !expected) return false;
  const a = crypto.createHash("sha256").update(given).digest();
  const b = crypto.createHash("sha256").update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

export function metricsHandler(token: string | undefined) {
  return async (req: Request, res: Response) => {
    res.setHeader("Cache-Control", "no-store");
    if (!isDirectLoopback(req) && !sameToken(bearerToken(req), token)) {
      res.status(404).type("text/plain").send("Not found");
      return;
    }
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  };
}
