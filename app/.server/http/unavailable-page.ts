// The 503 the Express layer answers itself (admission control, a database
// outage outside React Router): a small page for browsers, plain text for the
// rest, always with Retry-After and never cached.
import type { Response } from "express";

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

export function sendUnavailable(
  res: Response,
  options: { retryAfterSeconds: number; title: string; message: string; reference?: string },
): void {
  res.status(503);
  res.setHeader("Retry-After", String(options.retryAfterSeconds));
  res.setHeader("Cache-Control", "no-store");
  const reference = options.reference ? `Reference: ${options.reference}` : "";
  if (res.req.accepts(["text/html", "text/plain"]) === "text/html") {
    res
      .type("html")
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
          `<title>${escape(options.title)}</title></head><body>` +
          `<main><h1>${escape(options.title)}</h1><p>${escape(options.message)}</p>` +
          (reference ? `<p><small>${escape(reference)}</small></p>` : "") +
          `</main></body></html>`,
      );
  } else {
    res.type("text/plain").send([options.title, options.message, reference].filter(Boolean).join("\n"));
  }
}
