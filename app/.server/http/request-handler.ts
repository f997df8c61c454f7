// React Router's Express adapter, ours: the same job as @react-router/express
// (Express request → Fetch Request → route → Express response) with two rules
// it cannot keep:
// - the Request's URL is on the app's own origin (PUBLIC_URL, or the listening
//   address), or on the host a trusted proxy forwards when TRUST_PROXY says
//   so; never on a client's Host header. Loaders that build absolute URLs
//   from request.url are therefore safe (cache poisoning, issue 12);
// - bodies are capped and checked before any route reads them (form-body.ts).
import type { IncomingHttpHeaders } from "node:http";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type express from "express";
import {
  createRequestHandler as createRouterHandler,
  type RouterContextProvider,
  type ServerBuild,
} from "react-router";
import { appOrigin, env } from "../env";
import { BodyError, readFormBody, STREAMING_UPLOAD_PATHS } from "./form-body";

/** The origin requests are taken to be made to. */
export function requestOrigin(req: express.Request): string {
  const { PUBLIC_URL } = env();
  if (PUBLIC_URL || !req.app.enabled("trust proxy")) return appOrigin();
  // A trusted proxy's X-Forwarded-Proto / X-Forwarded-Host (Express reads them only from trusted addresses).
  try {
    const forwarded = new URL(`${req.protocol}://${req.host}`);
    return forwarded.pathname === "/" && !forwarded.username ? forwarded.origin : appOrigin();
  } catch {
    return appOrigin();
  }
}

function fetchHeaders(source: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(source)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}

async function toFetchRequest(req: express.Request, res: express.Response): Promise<Request> {
  const url = new URL(`${requestOrigin(req)}${req.originalUrl}`);
  const headers = fetchHeaders(req.headers);
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    if (STREAMING_UPLOAD_PATHS.has(url.pathname)) {
      init.body = createReadableStreamFromReadable(req);
      init.duplex = "half";
    } else {
      const form = await readFormBody(req);
      init.body = new Uint8Array(form.body);
      headers.set("Content-Type", form.contentType);
      headers.delete("Content-Length");
      headers.delete("Transfer-Encoding");
    }
  }
  return new Request(url, init);
}

async function sendResponse(res: express.Response, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) {
    // A route's header replaces the app-wide one (security-headers.ts); cookies add up.
    if (name === "set-cookie") res.append(name, value);
    else res.setHeader(name, value);
  }
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}

export function createRequestHandler(options: {
  /** The build itself in production; a function under Vite, whose modules change (React Router derives its routes again each call). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  getLoadContext: (req: express.Request, res: express.Response) => RouterContextProvider;
}): express.RequestHandler {
  const handle = createRouterHandler(options.build, process.env.NODE_ENV);
  return async (req, res, next) => {
    if (!req.originalUrl.startsWith("/")) {
      res.status(400).type("text/plain").send("Bad request.");
      return;
    }
    try {
      const request = await toFetchRequest(req, res);
      await sendResponse(res, await handle(request, options.getLoadContext(req, res)));
    } catch (error) {
      if (!(error instanceof BodyError)) return next(error);
      lingeringClose(req, res);
      res.status(error.status).type("text/plain").send(error.message);
    }
  };
}

// Dropping bytes costs no memory; the cap only bounds the work.
const LINGER_BYTES = 256 * 1024 * 1024;
const LINGER_MS = 10_000;

/**
 * After an early answer the client may still be sending the body. The
 * connection must not be reused (the rest of that body would be read as the
 * next request), but closing it at once resets it and can destroy the answer
 * before the client reads it. So the answer says `Connection: close`, the
 * socket stays open once it is sent, and the rest of the body is read and
 * dropped (never kept) until it ends, for at most 10 s or 256 MB.
 */
function lingeringClose(req: express.Request, res: express.Response): void {
  res.setHeader("Connection", "close");
  const socket = req.socket;
  if (req.readableEnded) return;
  // Node ends a `Connection: close` answer with destroySoon(); keep the socket
  // open instead (a client still sending may treat even a half-close as a
  // failure before reading the answer) and close it below.
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
