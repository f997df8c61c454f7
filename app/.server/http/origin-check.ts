// Cross-site request forgery guard: a browser always sends Origin (or at least
// Sec-Fetch-Site) with a POST, so a mutation from another site is refused here,
// before any action runs.
import type { NextFunction, Request, Response } from "express";
import { env } from "../env";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isSameOrigin(req: Request): boolean {
  const origin = req.get("origin");
  if (origin) {
    if (origin === "null") return false;
    const own = `${req.protocol}://${req.get("host")}`;
    return origin === own || origin === env().PUBLIC_URL;
  }
  const site = req.get("sec-fetch-site");
  // No header at all: not a browser (curl, tests, health probes), so not CSRF.
  return site === undefined || site === "same-origin" || site === "none";
}

export function checkOrigin(req: Request, res: Response, next: NextFunction): void {
  if (SAFE_METHODS.has(req.method) || isSameOrigin(req)) return next();
  res.status(403).type("text/plain").send("Cross-site request refused.");
}
