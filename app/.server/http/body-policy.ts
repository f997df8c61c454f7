// Every form post carries at most 1 MB of a form a route can read, checked before any route runs
// (411/413/415 before reading); routes declared `body: "upload"` cap their multipart bodies themselves.
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { data, type MiddlewareFunction } from "react-router";
import { routePolicy } from "./route-policy";

export const FORM_BODY_LIMIT = 1024 * 1024;

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];
const MALFORMED = "The form could not be read: its multipart body is malformed.";

const essence = (contentType: string | undefined) => (contentType ?? "").split(";")[0]!.trim().toLowerCase();

const isForm = (req: { method?: string }, path: string) =>
  req.method !== "GET" && req.method !== "HEAD" && routePolicy(path)?.body !== "upload";

function refusal(req: ExpressRequest): { status: number; message: string } | null {
  const length = req.headers["content-length"];
  if (length === undefined && req.headers["transfer-encoding"] !== undefined) {
    return { status: 411, message: "Send the form with a Content-Length: a request body may be at most 1 MB." };
  }
  if (Number(length) > FORM_BODY_LIMIT) {
    return { status: 413, message: "The form is too large: a request body may be at most 1 MB." };
  }
  const type = essence(req.headers["content-type"]);
  if (!length || length === "0") {
    // Nothing to read: an empty form, whatever the type says.
    if (!FORM_TYPES.includes(type)) req.headers["content-type"] = "application/x-www-form-urlencoded";
    return null;
  }
  if (!FORM_TYPES.includes(type)) {
    return { status: 415, message: "Send the form as application/x-www-form-urlencoded or multipart/form-data." };
  }
  if (type === "multipart/form-data" && !/;\s*boundary=/i.test(req.headers["content-type"]!)) {
    return { status: 400, message: MALFORMED };
  }
  return null;
}

export function formBodyPolicy(req: ExpressRequest, res: ExpressResponse, next: NextFunction): void {
  // An upload may be answered before its body is read to the end: the connection is not reused.
  if (routePolicy(req.path)?.body === "upload") res.setHeader("Connection", "close");
  if (!isForm(req, req.path)) return next();
  const refused = refusal(req);
  if (!refused) return next();
  lingeringClose(req, res);
  res.status(refused.status).type("text/plain").send(refused.message);
}

/** A multipart form broken inside a part shows only when parsed: a copy is, so it is a 400 with a message. */
export const multipartFormCheck: MiddlewareFunction<Response> = async ({ request }, next) => {
  const multipart = essence(request.headers.get("Content-Type") ?? "") === "multipart/form-data";
  if (multipart && isForm(request, new URL(request.url).pathname)) {
    await request
      .clone()
      .formData()
      .catch(() => {
        throw data({ message: MALFORMED }, { status: 400 });
      });
  }
  return next();
};

// Dropping bytes costs no memory; the cap only bounds the work.
const LINGER_BYTES = 256 * 1024 * 1024;
const LINGER_MS = 10_000;

/** After an early answer the client may still be sending: reusing the connection would read the rest as a request,
 *  closing at once can reset the answer away. So the rest is read and dropped first. */
function lingeringClose(req: ExpressRequest, res: ExpressResponse): void {
  res.setHeader("Connection", "close");
  const socket = req.socket;
  if (req.readableEnded) return;
  // Not Node's destroySoon(): a client still sending may take even a half-close for a failure.
  socket.destroySoon = () => undefined;
  let discarded = 0;
  const close = () => {
    if (res.writableFinished) socket.destroy();
    else res.once("finish", () => socket.destroy());
  };
  const timer = setTimeout(close, LINGER_MS).unref();
  req.on("data", (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > LINGER_BYTES) {
      clearTimeout(timer);
      close();
    }
  });
  req.once("end", () => {
    clearTimeout(timer);
    close();
  });
  req.resume();
}
