// The one way uploads are read: a multipart/form-data body parsed while it
// streams (busboy). Fields sent before the file are collected; the part named
// `file` goes to `handle` as it arrives, so a handler can refuse it after its
// first bytes or at a size limit. When anything fails, reading the body stops
// and the answer goes out without waiting for the rest of the file.
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";

/** A body that is not a readable upload: a 400 whose message is fit to show. */
export class MultipartError extends Error {
  override name = "MultipartError";
  readonly status = 400;
}

export interface ReceivedFile {
  /** Text fields that came before the file. */
  fields: Record<string, string>;
  file: Readable;
  /** The name the browser gave the file (never used for storage keys). */
  fileName: string | null;
}

export function receiveFile<T>(
  request: Request,
  handle: (received: ReceivedFile) => Promise<T>,
  options: {
    /** What the file is, for the messages: "image", "PDF"… */
    noun: string;
    /** How many text fields may come with it. */
    maxFields: number;
  },
): Promise<T> {
  const { noun, maxFields } = options;
  const notMultipart = () => new MultipartError(`Send the ${noun} as multipart/form-data.`);
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!request.body || !/^multipart\/form-data/i.test(contentType)) return Promise.reject(notMultipart());
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      // File names in UTF-8, as browsers send them.
      defParamCharset: "utf8",
      limits: { fields: maxFields, fieldSize: 200, files: 1, parts: maxFields + 1 },
    });
  } catch {
    return Promise.reject(notMultipart());
  }
  const source = Readable.fromWeb(request.body as unknown as NodeReadableStream<Uint8Array>);

  return new Promise<T>((resolve, reject) => {
    const fields: Record<string, string> = {};
    let handling = false;
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      source.unpipe(parser);
      source.pause();
      reject(error);
    };

    parser.on("field", (name, value) => {
      fields[name] = value;
    });
    parser.on("file", (name, file, info) => {
      // A body that ends inside the file (the browser gave up) errors the part.
      let broken = false;
      file.on("error", () => {
        broken = true;
      });
      if (name !== "file") {
        file.resume();
        fail(new MultipartError(`Send the ${noun} in the field named file.`));
        return;
      }
      handling = true;
      // Browsers send a quote in a file name as %22 (and CR, LF as %0D, %0A).
      const fileName = info.filename?.replace(/%22|%0D|%0A/gi, "") ?? null;
      handle({ fields, file, fileName }).then(
        (value) => {
          settled = true;
          resolve(value);
        },
        (error: unknown) => fail(broken ? new MultipartError("The upload was interrupted. Try again.") : error),
      );
    });
    parser.on("close", () => {
      if (!handling) fail(new MultipartError(`No file was sent: add the ${noun} in the field named file.`));
    });
    parser.on("error", () => fail(new MultipartError("The upload could not be read. Try again.")));
    source.on("error", () => fail(new MultipartError("The upload was interrupted. Try again.")));
    source.pipe(parser);
  });
}
