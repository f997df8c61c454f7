// GET /healthz: 200 when the database answers within two seconds; 503 when it
// does not (the outage is logged once, see db/unavailable.ts) and, at once, when
// the server is draining for a shutdown, so a balancer stops sending.
import type { Request, Response } from "express";
import { noteDatabaseAvailable, noteDatabaseUnavailable } from "../db/unavailable";

export function healthHandler(ping: () => Promise<void>, timeoutMs = 2000, draining: () => boolean = () => false) {
  return async (_req: Request, res: Response) => {
    res.setHeader("Cache-Control", "no-store");
    if (draining()) {
      res.status(503).json({ status: "draining" });
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        ping(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
      noteDatabaseAvailable();
      // The drain may have begun while the database answered: this answer already
      // says Connection: close, and must not say "ok" with it.
      if (draining()) res.status(503).json({ status: "draining" });
      else res.status(200).json({ status: "ok" });
    } catch (error) {
      noteDatabaseUnavailable(error);
      res.status(503).json({ status: "unavailable" });
    } finally {
      clearTimeout(timer);
    }
  };
}
