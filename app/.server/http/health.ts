// GET /healthz: 200 while the database answers or is only busy with a job's long statements; 503 when it
// fails or hangs with no such job, and at once while draining, so a balancer stops sending.
import type { Request, Response } from "express";
import { longStatementsRunning } from "../db/long-statements";
import { isInDatabaseOutage, noteDatabaseAvailable, noteDatabaseUnavailable } from "../db/unavailable";

class NoAnswerInTime extends Error {}

/** The balancer's kept connection is let go too: the server stops accepting soon. */
function stopping(res: Response) {
  res.setHeader("Connection", "close");
  res.status(503).json({ status: "draining" });
}

export function healthHandler(ping: () => Promise<void>, timeoutMs = 2000, draining: () => boolean = () => false) {
  return async (req: Request, res: Response) => {
    res.setHeader("Cache-Control", "no-store");
    if (draining()) return stopping(res);
    // For a balancer (?balancer, deploy/Caddyfile): yes until shutdown, whatever the database, which is every
    // instance's: taking all out in its outage would leave none to answer from memory or say "try later".
    if (req.query.balancer !== undefined) return void res.status(200).json({ status: "ok" });
    // The shutdown may have begun while the database answered: it must not say "ok" now.
    const up = (database?: "busy") =>
      draining() ? stopping(res) : void res.status(200).json({ status: "ok", database });
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        ping(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new NoAnswerInTime(`no answer within ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
      noteDatabaseAvailable();
      up();
    } catch (error) {
      // Slow, not failed, while a job holds the database: the ping waits behind it. A failure, or
      // an outage the pages' own statements noticed, is down whatever runs.
      if (error instanceof NoAnswerInTime && longStatementsRunning() && !isInDatabaseOutage()) return up("busy");
      noteDatabaseUnavailable(error);
      res.status(503).json({ status: "unavailable" });
    } finally {
      clearTimeout(timer);
    }
  };
}
