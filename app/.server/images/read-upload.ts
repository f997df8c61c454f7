// Reads an upload into memory, stopping once past the size cap or once its first bytes are no image.
import type { Readable } from "node:stream";
import { rejections } from "./errors";
import type { ImageFormat } from "./formats";
import { SNIFF_BYTES, sniffImage } from "./sniff";

export interface UploadedBytes {
  bytes: Buffer;
  format: ImageFormat;
}

function formatOf(head: Buffer): ImageFormat {
  const format = sniffImage(head);
  if (format === "heif") throw rejections.heif();
  if (!format) throw rejections.unsupported();
  return format;
}

export async function readUpload(
  stream: Readable,
  options: { maxBytes: number; tooLargeMessage: string },
): Promise<UploadedBytes> {
  const chunks: Buffer[] = [];
  let total = 0;
  let format: ImageFormat | undefined;
  // Leaving the loop early (a throw) destroys the stream: its source is read no further.
  for await (const chunk of stream as AsyncIterable<Buffer | Uint8Array | string>) {
    if (typeof chunk === "string") throw new TypeError("readUpload needs a byte stream, not a text stream");
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (total + bytes.length > options.maxBytes) throw rejections.tooLarge(options.tooLargeMessage);
    chunks.push(bytes);
    total += bytes.length;
    if (!format && total >= SNIFF_BYTES) format = formatOf(Buffer.concat(chunks));
  }
  if (total === 0) throw rejections.empty();
  const all = Buffer.concat(chunks, total);
  return { bytes: all, format: format ?? formatOf(all) };
}
