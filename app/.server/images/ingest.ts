// The one path every uploaded image takes: size cap while streaming, format from the bytes, pixel cap,
// re-encoded WebP and AVIF variants (AVIFs kept only when smaller, decision 0021), then stored; or nothing.
import type { Readable } from "node:stream";
import { storage } from "../storage";
import type { Storage } from "../storage/storage";
import { IMAGE_FORMATS } from "./formats";
import { readUpload } from "./read-upload";
import { deleteKeysQuietly } from "./delete";
import { encodeOriginal, encodeVariantPair, planDecode, type EncodedImage } from "./transcode";
import { avifKey, variantKey, variantWidths, type VariantFormat } from "./variants";

export interface IngestOptions {
  /** Refuse the file (413) as soon as it passes this many bytes. */
  maxBytes: number;
  /** Makes the original's key from the extension of the sniffed format. */
  key: (ext: string) => string;
  /** What a too-large file is told; "File must be less than {N}MB" by default. */
  tooLargeMessage?: string;
  storage?: Storage;
}

export interface IngestedImage {
  key: string;
  width: number;
  height: number;
  contentType: string;
  /** Size of the stored original. */
  bytes: number;
}

const MB = 1024 * 1024;

export async function ingestImage(stream: Readable, options: IngestOptions): Promise<IngestedImage> {
  const store = options.storage ?? storage();
  const tooLargeMessage = options.tooLargeMessage ?? `File must be less than ${Math.floor(options.maxBytes / MB)}MB`;
  const { bytes, format } = await readUpload(stream, { maxBytes: options.maxBytes, tooLargeMessage });
  const plan = await planDecode(bytes, format);

  // Everything is encoded before anything is stored: a file that fails to decode stores nothing.
  const original = await encodeOriginal(bytes, format, plan);
  const pairs: { width: number; webp: EncodedImage; avif: EncodedImage | null }[] = [];
  for (const width of variantWidths(original.width)) {
    pairs.push({ width, ...(await encodeVariantPair(bytes, plan, width)) });
  }
  const size = (format: VariantFormat) => pairs.reduce((sum, pair) => sum + (pair[format]?.data.length ?? Infinity), 0);
  const keepAvif = pairs.length > 0 && size("avif") < size("webp");
  const variants = pairs.flatMap((pair) => [
    { width: pair.width, format: "webp" as const, image: pair.webp },
    ...(keepAvif && pair.avif ? [{ width: pair.width, format: "avif" as const, image: pair.avif }] : []),
  ]);

  const { ext, contentType } = IMAGE_FORMATS[format];
  const key = keepAvif ? avifKey(options.key(ext)) : options.key(ext);
  const stored: string[] = [];
  try {
    await store.put(key, original.data, { contentType });
    stored.push(key);
    for (const variant of variants) {
      const name = variantKey(key, variant.width, variant.format);
      await store.put(name, variant.image.data, { contentType: `image/${variant.format}` });
      stored.push(name);
    }
  } catch (error) {
    await deleteKeysQuietly(store, stored);
    throw error;
  }
  return { key, width: original.width, height: original.height, contentType, bytes: original.data.length };
}
