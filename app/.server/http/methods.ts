// Methods no route serves (TRACE, TRACK, WebDAV's…) are answered here, before
// anything else runs: 501 and nothing logged. A method the app serves somewhere
// (PUT on a page without an action) is React Router's 405.
import type { NextFunction, Request, Response } from "express";

const SERVED = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export function refuseUnservedMethods(req: Request, res: Response, next: NextFunction): void {
  if (SERVED.has(req.method)) return next();
  res.status(501).type("text/plain").send("Not implemented.");
}
