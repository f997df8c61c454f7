// GET /metrics (Prometheus): with METRICS_TOKEN only for its bearer, wherever from (a local proxy makes
// everyone look local); without it, only for a scraper on this machine not behind a proxy. Else 404.
import type { Request, Response } from "express";
import { metrics } from "../metrics";
import { bearerMatches, isDirectLoopback } from "./loopback";

export function metricsHandler(token: string | undefined) {
  return async (req: Request, res: Response) => {
    res.setHeader("Cache-Control", "no-store");
    const allowed = token === undefined ? isDirectLoopback(req) : bearerMatches(req, token);
    if (!allowed) {
      res.status(404).type("text/plain").send("Not found");
      return;
    }
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  };
}
