// The body of every form post and action, read whole (at most 1 MB) before any
// route sees it: refused at once when Content-Length says it is bigger,
// counted while a chunked body streams in, and checked to be a form a route can
// read. The two upload endpoints stream their bodies with their own caps instead.
import type { IncomingMessage } from "node:http";

export const FORM_BODY_LIMIT = 1024 * 1024;

/** Paths whose routes read their multipart body as it streams, each with its own size cap. */
export const STREAMING_UPLOAD_PATHS = new Set(["/api/uploads", "/api/contract-documents"]);

/** A body refused before any route ran: its status and a message fit to show. */
export class BodyError extends Error {
  override name = "BodyError";
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

const tooLarge = () => new BodyError(413, "The form is too large: a request body may be at most 1 MB.");

function readCapped(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (error: BodyError) => {
      req.off("data", onData).off("end", onEnd).off("error", onError);
      // Nothing more is kept: request-handler.ts answers, then drops the rest.
      req.pause();
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return stop(tooLarge());
      chunks.push(chunk);
    };
    const onEnd = () => {
      req.off("data", onData).off("error", onError);
      resolve(Buffer.concat(chunks));
    };
    const onError = () => stop(new BodyError(400, "The request body could not be read."));
    req.on("data", onData).on("end", onEnd).on("error", onError);
  });
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * The body and the Content-Type to hand to the route. Every action reads a
 * form, so anything else is refused here rather than failing inside it: a
 * malformed form or JSON is 400, another type 415, an empty body an empty form.
 */
export async function readFormBody(
  req: IncomingMessage,
  limit = FORM_BODY_LIMIT,
): Promise<{ body: Buffer; contentType: string }> {
  const body = await readCapped(req, limit);
  const contentType = req.headers["content-type"] ?? "";
  const essence = contentType.split(";")[0]!.trim().toLowerCase();
  if (body.length === 0 && !FORM_TYPES.includes(essence)) {
    return { body, contentType: "application/x-www-form-urlencoded" };
  }
  if (essence === "multipart/form-data") {
    try {
      await new Request("http://body.invalid/", {
        method: "POST",
        headers: { "Content-Type": contentType },
        body: new Uint8Array(body),
      }).formData();
    } catch {
      throw new BodyError(400, "The form could not be read: its multipart body is malformed.");
    }
    return { body, contentType };
  }
  if (essence === "application/x-www-form-urlencoded") return { body, contentType };
  if (essence === "application/json") {
    try {
      JSON.parse(body.toString("utf8"));
    } catch {
      throw new BodyError(400, "The request body is not valid JSON.");
    }
  }
  throw new BodyError(415, "Send the form as application/x-www-form-urlencoded or multipart/form-data.");
}
