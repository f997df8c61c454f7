// CSRF guard: a mutation from another site (by its Origin, Sec-Fetch-Site or Referer) is refused before any action.
import type { NextFunction, Request, Response } from "express";
import { env } from "../env";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function isOwnOrigin(req: Request, origin: string): boolean {
  return origin === `${req.protocol}://${req.get("host")}` || origin === env().PUBLIC_URL;
}

function refererOrigin(referer: string): string | null {
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

export function isSameOrigin(req: Request): boolean {
  const origin = req.get("origin");
  if (origin) return origin !== "null" && isOwnOrigin(req, origin);
  const site = req.get("sec-fetch-site");
  if (site !== undefined && site !== "same-origin" && site !== "none") return false;
  // Without Origin (older browsers, some same-origin posts) the Referer still tells another site.
  const referer = req.get("referer");
  if (referer !== undefined) {
    const from = refererOrigin(referer);
    return from !== null && isOwnOrigin(req, from);
  }
  // No header at all: not a browser (curl, tests, health probes), so not CSRF.
  return true;
}

export function checkOrigin(req: Request, res: Response, next: NextFunction): void {
  if (SAFE_METHODS.has(req.method) || isSameOrigin(req)) return next();
  res.status(403).type("text/plain").send("Cross-site request refused.");
}
