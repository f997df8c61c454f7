// GET /healthz: 200 when the database answers within two seconds, 503 otherwise.
import type { Request, Response } from "express";
import { logger } from "../logger";

export function healthHandler(ping: () => Promise<void>, timeoutMs = 2000) {
  return async (_req: Request, res: Response) => {
    res.setHeader("Cache-Control", "no-store");
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        ping(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
      res.status(200).json({ status: "ok" });
    } catch (error) {
      logger().warn({ err: error }, "health check: the database does not answer");
      res.status(503).json({ status: "unavailable" });
    } finally {
      clearTimeout(timer);
    }
  };
}
