// Methods no route serves (TRACE, WebDAV's…) are a 501 before anything runs, logged nowhere.
import type { NextFunction, Request, Response } from "express";

const SERVED = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export function refuseUnservedMethods(req: Request, res: Response, next: NextFunction): void {
  if (SERVED.has(req.method)) return next();
  res.status(501).type("text/plain").send("Not implemented.");
}
