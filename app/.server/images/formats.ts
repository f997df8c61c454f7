// The image formats the product accepts, and how each is stored.
export const IMAGE_FORMATS = {
  jpeg: { ext: "jpg", contentType: "image/jpeg" },
  png: { ext: "png", contentType: "image/png" },
  webp: { ext: "webp", contentType: "image/webp" },
  avif: { ext: "avif", contentType: "image/avif" },
  gif: { ext: "gif", contentType: "image/gif" },
} as const;

export type ImageFormat = keyof typeof IMAGE_FORMATS;

export const ACCEPTED_FORMATS = "JPEG, PNG, WebP, AVIF or GIF";

/** Decoding stops above this many pixels (all frames together): a decompression bomb is refused before it is decoded. */
export const MAX_INPUT_PIXELS = 40_000_000;
