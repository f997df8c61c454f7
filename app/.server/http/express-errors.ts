// Express's last error handler: a database outage is a 503 with Retry-After; anything else is logged, 500 with the id.
import type { NextFunction, Request, Response } from "express";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable, noteDatabaseUnavailable } from "../db/unavailable";
import { logger } from "../logger";
import { sendUnavailable } from "./unavailable-page";

export function expressErrorHandler(error: unknown, req: Request, res: Response, _next: NextFunction): void {
  if (isDatabaseUnavailable(error)) {
    noteDatabaseUnavailable(error);
    if (!res.headersSent) {
      sendUnavailable(res, {
        retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
        title: "Temporarily unavailable",
        message: "Playfolio cannot reach its database right now. Please try again in a minute.",
        reference: req.id,
      });
    }
    return;
  }
  logger().error({ err: error, reqId: req.id }, "unhandled request error");
  if (!res.headersSent) {
    res.status(500).type("text/plain").send(`Something went wrong on our side.\nReference: ${req.id}`);
  }
}
