// One stored page: the app's response, its body plain and in brotli (the one encoding Caddy does not
// make), each with a strong ETag and its answers' headers made ready, so a hit only picks and writes.
import crypto from "node:crypto";
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import accepts from "accepts";

const brotli = promisify(zlib.brotliCompress);

export type Encoding = "br" | "identity";
const ENCODINGS: Encoding[] = ["br", "identity"];

/** The stored body a request gets: brotli when Accept-Encoding takes it, else the plain one. */
export function encodingFor(headers: IncomingHttpHeaders): Encoding {
  // Identity refused as well (`identity;q=0`): the plain body all the same, as a cache must answer something.
  return accepts({ headers } as Parameters<typeof accepts>[0]).encoding(ENCODINGS) === "br" ? "br" : "identity";
}

/** A response as the app wrote it (header names in lower case). */
export interface Captured {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  /** What the page is, as its route said (http/served-as.ts); handed back with every answer from memory. */
  servedAs?: string;
}

export interface Entry {
  /** The content-version stamp the page was rendered under. */
  stamp: number;
  /** The content version it was rendered at: only a render of the newest one may stand in for a failed render. */
  version: number;
  storedAt: number;
  status: number;
  tags: Record<Encoding, string>;
  bodies: Record<Encoding, Buffer>;
  headers: Record<Encoding, OutgoingHttpHeaders>;
  notModified: Record<Encoding, OutgoingHttpHeaders>;
  bytes: number;
  servedAs?: string;
}

const TEXT = /^(?:text\/|application\/(?:xml|javascript|json)\b)/i;
// Framing and per-response headers: every answer gets its own.
const NOT_STORED = new Set([
  "connection",
  "content-encoding",
  "content-length",
  "date",
  "etag",
  "keep-alive",
  "last-modified",
  "server-timing",
  "transfer-encoding",
  "vary",
  "x-request-id",
]);
// What a 304 repeats of the 200 it stands for (RFC 9110, 15.4.5).
const NOT_MODIFIED_KEEPS = ["cache-control", "content-location", "expires"];

const text = (value: OutgoingHttpHeaders[string]) =>
  value === undefined ? "" : Array.isArray(value) ? value.join(", ") : String(value);

/** Why a response may not be stored, or null when it may. */
export function notStorable(response: Captured, maxBytes: number): string | null {
  if (response.status !== 200) return `status ${response.status}`;
  if (response.headers["set-cookie"] !== undefined) return "sets a cookie";
  if (/\b(?:private|no-store|no-cache)\b/i.test(text(response.headers["cache-control"]))) return "not public";
  const vary = text(response.headers.vary)
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name && name !== "accept-encoding");
  // The key knows nothing of other request headers.
  if (vary.length > 0) return `varies on ${vary.join(", ")}`;
  if (!TEXT.test(text(response.headers["content-type"]))) return "not text";
  if (response.body.length > maxBytes) return "too large";
  return null;
}

/** Compresses and prepares a storable response; null if its policy cannot be made safe to share. */
export async function buildEntry(
  response: Captured,
  rendered: { stamp: number; version: number },
  storedAt: number,
): Promise<Entry | null> {
  const stored: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined && !NOT_STORED.has(name)) stored[name] = value;
  }
  const body = response.body;
  // A nonce must never reach many visitors: shared pages' scripts go by hash (decision 0017).
  if (/'nonce-/.test(text(stored["content-security-policy"]))) return null;

  const br = await brotli(body, {
    params: {
      // Quality 9: within a few per cent of 11 at a small fraction of its time.
      [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  const bodies: Record<Encoding, Buffer> = { br, identity: body };
  const hash = crypto.createHash("sha1").update(body).digest("base64url");
  const tags: Record<Encoding, string> = { br: `"${hash}-br"`, identity: `"${hash}"` };

  const headers = {} as Record<Encoding, OutgoingHttpHeaders>;
  const notModified = {} as Record<Encoding, OutgoingHttpHeaders>;
  for (const encoding of ENCODINGS) {
    const common = { etag: tags[encoding], vary: "Accept-Encoding", "x-render-cache": "hit" };
    headers[encoding] = {
      ...stored,
      ...common,
      "content-length": bodies[encoding].length,
      ...(encoding === "identity" ? {} : { "content-encoding": encoding }),
    };
    notModified[encoding] = { ...common };
    for (const name of NOT_MODIFIED_KEEPS) if (stored[name] !== undefined) notModified[encoding][name] = stored[name];
  }
  const headerBytes = JSON.stringify(headers).length;
  return {
    ...rendered,
    storedAt,
    status: response.status,
    tags,
    bodies,
    headers,
    notModified,
    bytes: br.length + body.length + headerBytes,
    servedAs: response.servedAs,
  };
}
