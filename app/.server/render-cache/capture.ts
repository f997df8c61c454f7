// Holds back what the app writes to a response so the render cache can store it, then answer it
// in the client's encoding; installed before the app, so every middleware's headers are captured.
import type http from "node:http";
import { newRequestId } from "../http/request-tracking";
import { servedAs } from "../http/served-as";
import type { Captured } from "./entry";

type Chunk = string | Uint8Array;
type Callback = (error?: Error | null) => void;

// A copy: a writer may reuse its buffer once write() returns.
const toBuffer = (chunk: Chunk, encoding?: BufferEncoding) =>
  typeof chunk === "string" ? Buffer.from(chunk, encoding) : Buffer.from(chunk);

/** Resolves with the whole response when the app ends it; null if the client went away first. */
export function capture(res: http.ServerResponse): Promise<Captured | null> {
  const chunks: Buffer[] = [];
  return new Promise((resolve) => {
    let done = false;
    const finish = (result: Captured | null) => {
      if (done) return;
      done = true;
      res.off("close", gone);
      resolve(result);
    };
    const gone = () => finish(null);
    res.on("close", gone);

    res.writeHead = function writeHead(status: number, ...rest: unknown[]) {
      const headers = (typeof rest[0] === "string" ? rest[1] : rest[0]) as
        http.OutgoingHttpHeaders | (string | string[])[] | undefined;
      res.statusCode = status;
      if (Array.isArray(headers)) {
        for (let i = 0; i + 1 < headers.length; i += 2) res.setHeader(String(headers[i]), headers[i + 1]!);
      } else if (headers) {
        for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value);
      }
      return res;
    } as http.ServerResponse["writeHead"];

    res.write = function write(chunk: Chunk, encoding?: BufferEncoding | Callback, callback?: Callback) {
      chunks.push(toBuffer(chunk, typeof encoding === "string" ? encoding : undefined));
      const cb = typeof encoding === "function" ? encoding : callback;
      if (cb) process.nextTick(cb);
      return true;
    } as http.ServerResponse["write"];

    res.end = function end(chunk?: Chunk | Callback, encoding?: BufferEncoding | Callback, callback?: Callback) {
      if (chunk !== undefined && typeof chunk !== "function") {
        chunks.push(toBuffer(chunk, typeof encoding === "string" ? encoding : undefined));
      }
      finish({
        status: res.statusCode,
        headers: res.getHeaders(),
        body: Buffer.concat(chunks),
        servedAs: servedAs(res),
      });
      const cb = [chunk, encoding, callback].find((arg): arg is Callback => typeof arg === "function");
      if (cb) process.nextTick(cb);
      return res;
    } as http.ServerResponse["end"];
  });
}

// Set by the layers in front of the cache (request id, `Connection: close` while draining): kept.
const OWN_HEADERS = ["x-request-id", "connection"];

// The flat list writeHead takes, made once per stored headers object (decision 0019: a hit's cost).
const flatLists = new WeakMap<http.OutgoingHttpHeaders, string[]>();
function flatList(headers: http.OutgoingHttpHeaders): string[] {
  let list = flatLists.get(headers);
  if (!list) {
    list = [];
    for (const [name, value] of Object.entries(headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) list.push(name, String(one));
    }
    flatLists.set(headers, list);
  }
  return list;
}

/** Sends past every wrapper on `res` (capture's, compression's: deleting them leaves Node's own). */
export function send(
  res: http.ServerResponse,
  status: number,
  headers: http.OutgoingHttpHeaders,
  body: Buffer | undefined,
): void {
  for (const method of ["writeHead", "write", "end"] as const) delete (res as Partial<http.ServerResponse>)[method];
  if (res.getHeaderNames().length === 0) {
    res.writeHead(status, [...flatList(headers), "x-request-id", newRequestId()]);
  } else {
    const own: http.OutgoingHttpHeaders = {};
    for (const name of OWN_HEADERS) {
      const value = res.getHeader(name);
      if (value !== undefined) own[name] = value;
    }
    for (const name of res.getHeaderNames()) res.removeHeader(name);
    res.writeHead(status, { ...headers, ...own });
  }
  res.end(body);
}
