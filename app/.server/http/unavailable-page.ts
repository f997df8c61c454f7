// The 503s the server answers itself: a small page for browsers, plain text for the rest, with Retry-After.
import type http from "node:http";
import express, { type Response } from "express";

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

export interface Unavailable {
  retryAfterSeconds: number;
  title: string;
  message: string;
  reference?: string;
}

/** What every such 503 says besides its body: when to come back, and never to keep it. */
export function unavailableHeaders(retryAfterSeconds: number): Record<string, string> {
  return { "retry-after": String(retryAfterSeconds), "cache-control": "no-store" };
}

/** HTML for a browser, plain text for anything that prefers it: Express's req.accepts, also for a request it never saw. */
export function unavailableType(req: http.IncomingMessage): "html" | "text" {
  const best = express.request.accepts.call(req as express.Request, "text/html", "text/plain");
  return best === "text/html" ? "html" : "text";
}

export function unavailableBody(type: "html" | "text", { title, message, reference }: Unavailable): string {
  const line = reference ? `Reference: ${reference}` : "";
  if (type === "text") return [title, message, line].filter(Boolean).join("\n");
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escape(title)}</title></head><body>` +
    `<main><h1>${escape(title)}</h1><p>${escape(message)}</p>` +
    (line ? `<p><small>${escape(line)}</small></p>` : "") +
    `</main></body></html>`
  );
}

/** The 503 through Express (its security headers and request id already set). */
export function sendUnavailable(res: Response, unavailable: Unavailable): void {
  const type = unavailableType(res.req);
  res.status(503).set(unavailableHeaders(unavailable.retryAfterSeconds));
  res.type(type).send(unavailableBody(type, unavailable));
}
