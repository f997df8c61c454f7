// Whether a request comes straight from this machine (not relayed by a local proxy).
import type { IncomingMessage } from "node:http";

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

export function isDirectLoopback(req: IncomingMessage): boolean {
  if (!LOOPBACK.has(req.socket.remoteAddress ?? "")) return false;
  // Through a reverse proxy on this machine every visitor looks local; the proxy says so in these.
  return req.headers["x-forwarded-for"] === undefined && req.headers.forwarded === undefined;
}

/** The token of an `Authorization: Bearer …` header, if any. */
export function bearerToken(req: IncomingMessage): string | undefined {
  return /^Bearer (\S+)$/.exec(req.headers.authorization ?? "")?.[1];
}
