// Why an uploaded file was refused, in words for the person who sent it, with the status the endpoint answers.
import { ACCEPTED_FORMATS } from "./formats";

export type ImageRejection = "too-large" | "empty" | "unsupported-type" | "corrupt" | "too-many-pixels";

const STATUS: Record<ImageRejection, 413 | 415 | 422> = {
  "too-large": 413,
  empty: 422,
  "unsupported-type": 415,
  corrupt: 422,
  "too-many-pixels": 422,
};

export class ImageRejectedError extends Error {
  readonly status: 413 | 415 | 422;

  constructor(
    readonly code: ImageRejection,
    message: string,
  ) {
    super(message);
    this.name = "ImageRejectedError";
    this.status = STATUS[code];
  }
}

export const rejections = {
  tooLarge: (message: string) => new ImageRejectedError("too-large", message),
  empty: () => new ImageRejectedError("empty", `This file is empty. Use a ${ACCEPTED_FORMATS} image.`),
  unsupported: () =>
    new ImageRejectedError("unsupported-type", `This file is not a supported image. Use ${ACCEPTED_FORMATS}.`),
  heif: () =>
    new ImageRejectedError(
      "unsupported-type",
      `HEIC/HEIF images cannot be read here. Export it as JPEG, or use PNG, WebP, AVIF or GIF.`,
    ),
  corrupt: () =>
    new ImageRejectedError("corrupt", "This image is damaged or incomplete and cannot be read. Try another file."),
  tooManyPixels: () =>
    new ImageRejectedError(
      "too-many-pixels",
      "This image has too many pixels (over 40 megapixels). Use a smaller one.",
    ),
};
