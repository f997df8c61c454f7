// Every response's security headers, from helmet; pages replace its strict CSP with their own (root.server.ts).
import http from "node:http";
import net from "node:net";
import type { Request, RequestHandler, Response } from "express";
import helmet from "helmet";
import { env } from "../env";
import { cspDirectives } from "./content-security-policy";

export function securityHeaders(): RequestHandler {
  const https = env().PUBLIC_URL?.startsWith("https:") ?? false;
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      // Nothing but a page may load anything; pages set their own policy.
      directives: {
        "default-src": ["'none'"],
        ...cspDirectives({ scripts: { hashes: [] }, frameAncestors: "'none'" }),
      },
    },
    // Framing is the CSP's frame-ancestors (embeddable pages must be framable); see root.server.ts.
    xFrameOptions: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // Only the app's own origin may be pinned to https: its sibling subdomains are not ours to decide.
    strictTransportSecurity: https ? { maxAge: 180 * 24 * 60 * 60, includeSubDomains: false } : false,
  });
}

/** helmet's headers for answers written in front of Express (busy 503s), read once from a dry run. */
export function securityHeaderValues(): http.OutgoingHttpHeaders {
  const req = new http.IncomingMessage(new net.Socket());
  const res = new http.ServerResponse(req);
  securityHeaders()(req as unknown as Request, res as unknown as Response, () => {});
  return res.getHeaders();
}
