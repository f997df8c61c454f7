// Whether a request comes straight from this machine (not relayed by a local proxy), and with which secret.
import crypto from "node:crypto";
import type { IncomingMessage } from "node:http";

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

export function isDirectLoopback(req: IncomingMessage): boolean {
  if (!LOOPBACK.has(req.socket.remoteAddress ?? "")) return false;
  // Through a reverse proxy on this machine every visitor looks local; the proxy says so in these.
  return req.headers["x-forwarded-for"] === undefined && req.headers.forwarded === undefined;
}

const digest = (text: string) => crypto.createHash("sha256").update(text).digest();

/** `Authorization: Bearer <expected>`, compared in constant time (hashed, so the length tells nothing either). */
export function bearerMatches(req: IncomingMessage, expected: string): boolean {
  const given = /^Bearer (\S+)$/.exec(req.headers.authorization ?? "")?.[1];
  return given !== undefined && crypto.timingSafeEqual(digest(given), digest(expected));
}
