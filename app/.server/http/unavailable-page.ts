// The 503 the server answers itself (admission control, a database outage
// outside React Router): a small page for browsers, plain text for the rest,
// always with Retry-After and never cached.
import type http from "node:http";
import type { Response } from "express";

export interface UnavailableText {
  title: string;
  message: string;
  reference?: string;
}

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

function html({ title, message, reference }: UnavailableText): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escape(title)}</title></head><body>` +
    `<main><h1>${escape(title)}</h1><p>${escape(message)}</p>` +
    (reference ? `<p><small>Reference: ${escape(reference)}</small></p>` : "") +
    `</main></body></html>`
  );
}

const text = ({ title, message, reference }: UnavailableText) =>
  [title, message, reference ? `Reference: ${reference}` : ""].filter(Boolean).join("\n");

export function sendUnavailable(res: Response, options: UnavailableText & { retryAfterSeconds: number }): void {
  res.status(503);
  res.setHeader("Retry-After", String(options.retryAfterSeconds));
  res.setHeader("Cache-Control", "no-store");
  if (res.req.accepts(["text/html", "text/plain"]) === "text/html") res.type("html").send(html(options));
  else res.type("text/plain").send(text(options));
}

// As Express's accepts(["text/html", "text/plain"]) decides, without parsing (q-values aside).
const WANTS_HTML = /text\/html|text\/\*|\*\/\*/;

/**
 * A 503 made once and then only written: under a flood, answering must cost
 * next to nothing. It has no scripts, styles or reference (nothing is logged for
 * it), so its security headers are fixed too.
 */
export function preparedUnavailable(
  options: Omit<UnavailableText, "reference"> & { retryAfterSeconds: number },
): (req: http.IncomingMessage, res: http.ServerResponse, extraHeaders?: http.OutgoingHttpHeaders) => void {
  const prepared = (type: string, body: string) => {
    const bytes = Buffer.from(body);
    const headers: http.OutgoingHttpHeaders = {
      "content-type": `${type}; charset=utf-8`,
      "content-length": bytes.length,
      "retry-after": String(options.retryAfterSeconds),
      "cache-control": "no-store",
      "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
      "x-content-type-options": "nosniff",
    };
    return { bytes, headers };
  };
  const page = prepared("text/html", html(options));
  const plain = prepared("text/plain", text(options));
  return (req, res, extraHeaders) => {
    const accept = req.headers.accept;
    const { bytes, headers } = accept === undefined || WANTS_HTML.test(accept) ? page : plain;
    res.writeHead(503, extraHeaders ? { ...headers, ...extraHeaders } : headers);
    res.end(req.method === "HEAD" ? undefined : bytes);
  };
}
