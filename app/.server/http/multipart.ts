// The one way uploads are read (@mjackson/form-data-parser): one file, in `file`, text fields before it,
// the whole body capped at the route's limit (decision 0103).
import { Readable } from "node:stream";
import {
  type FileUpload,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MultipartParseError,
  parseFormData,
} from "@mjackson/form-data-parser";

/** A body that is not a readable upload: its message is fit to show. */
export class MultipartError extends Error {
  override name = "MultipartError";
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export interface ReceivedFile {
  /** Text fields that came before the file. */
  fields: Record<string, string>;
  file: Readable;
  /** The name the browser gave the file (never used for storage keys). */
  fileName: string | null;
}

export interface UploadCaps {
  /** What the file is, for the messages: "image", "PDF"… */
  noun: string;
  /** How many text fields may come with it. */
  maxFields: number;
  /** The largest file the route takes, and what a larger one is told (413). */
  maxBytes: number;
  tooLarge: string;
}

// What the fields and the parts' headers may add to the file.
const FIELDS_BYTES = 64 * 1024;
const FIELD_LENGTH = 200;

function capped(body: ReadableStream<Uint8Array>, limit: number, tooLarge: () => Error): ReadableStream<Uint8Array> {
  let read = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        read += chunk.byteLength;
        if (read > limit) controller.error(tooLarge());
        else controller.enqueue(chunk);
      },
    }),
  );
}

function parseError(error: unknown, { noun, tooLarge }: UploadCaps): Error {
  if (error instanceof MultipartError) return error;
  if (error instanceof MaxFileSizeExceededError) return new MultipartError(tooLarge, 413);
  if (error instanceof MaxFilesExceededError) return new MultipartError(`Send one ${noun} per request.`);
  if (error instanceof MultipartParseError) return new MultipartError("The upload could not be read. Try again.");
  return new MultipartError("The upload was interrupted. Try again.");
}

export async function receiveFile(request: Request, caps: UploadCaps): Promise<ReceivedFile> {
  const { noun, maxFields, maxBytes } = caps;
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!request.body || !/^multipart\/form-data/i.test(contentType)) {
    throw new MultipartError(`Send the ${noun} as multipart/form-data.`);
  }
  const tooLarge = () => new MultipartError(caps.tooLarge, 413);
  const body = capped(request.body, maxBytes + FIELDS_BYTES, tooLarge);
  let form: FormData;
  try {
    form = await parseFormData(
      new Request(request.url, { method: "POST", headers: request.headers, body, duplex: "half" } as RequestInit),
      { maxFiles: 1, maxFileSize: maxBytes },
      (upload: FileUpload) => {
        if (upload.fieldName !== "file") throw new MultipartError(`Send the ${noun} in the field named file.`);
        return upload;
      },
    );
  } catch (error) {
    throw parseError(error, caps);
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value !== "string") {
      // Browsers send a quote in a file name as %22 (and CR, LF as %0D, %0A).
      const fileName = value.name.replace(/%22|%0D|%0A/gi, "") || null;
      return { fields, file: Readable.fromWeb(value.stream() as never), fileName };
    }
    if (Object.keys(fields).length >= maxFields || value.length > FIELD_LENGTH) {
      throw new MultipartError(`The ${noun}'s form has too many or too long fields.`);
    }
    fields[name] = value;
  }
  throw new MultipartError(`No file was sent: add the ${noun} in the field named file.`);
}
