// Decoding and re-encoding with sharp: every stored file is made from decoded pixels, so nothing of the
// upload survives but its picture (no EXIF, GPS included, no comments, no appended bytes).
import sharp, { type Metadata, type OutputInfo, type Sharp } from "sharp";
import { rejections } from "./errors";
import { MAX_INPUT_PIXELS, type ImageFormat } from "./formats";

export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
}

export interface DecodePlan {
  /** Keep every frame (animated GIF or WebP) rather than the first only. */
  animated: boolean;
  /** A JPEG whose colour is at half resolution (most are): an AVIF of it can be too. */
  halfColour: boolean;
}

// "error" refuses truncated and corrupt data; "warning" would refuse many real photos too.
const FAIL_ON = "error" as const;

function decodeError(error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  return /pixel limit/i.test(message) ? rejections.tooManyPixels() : rejections.corrupt();
}

/** Reads the header only: the pixel cap is checked before a single pixel is decoded. */
export async function planDecode(bytes: Buffer, format: ImageFormat): Promise<DecodePlan> {
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: FAIL_ON, animated: true }).metadata();
  } catch (error) {
    throw decodeError(error);
  }
  const { width, height } = metadata;
  if (!width || !height) throw rejections.corrupt();
  const frames = metadata.pages ?? 1;
  const frameHeight = metadata.pageHeight ?? height;
  if (width * frameHeight > MAX_INPUT_PIXELS) throw rejections.tooManyPixels();
  // An animation whose frames together pass the cap keeps its first frame only.
  const animated = (format === "gif" || format === "webp") && frames > 1 && width * height <= MAX_INPUT_PIXELS;
  const halfColour = format === "jpeg" && metadata.chromaSubsampling !== "4:4:4";
  return { animated, halfColour };
}

function decode(bytes: Buffer, plan: DecodePlan): Sharp {
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: FAIL_ON, animated: plan.animated }).autoOrient();
}

async function run(pipeline: Sharp): Promise<EncodedImage> {
  try {
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    // For an animation, `height` is all frames stacked; a frame is `pageHeight` tall.
    return { data, width: info.width, height: info.pageHeight ?? info.height };
  } catch (error) {
    throw decodeError(error);
  }
}

/** The original, re-encoded in its own format, upright. */
export function encodeOriginal(bytes: Buffer, format: ImageFormat, plan: DecodePlan): Promise<EncodedImage> {
  const image = decode(bytes, plan);
  switch (format) {
    case "jpeg":
      return run(image.jpeg({ quality: 85, mozjpeg: true }));
    case "png":
      return run(image.png());
    case "webp":
      return run(image.webp({ quality: 85 }));
    case "avif":
      // Effort 2, not the default 4: an upload waits for it (decision 0021).
      return run(image.avif({ quality: 60, effort: 2 }));
    case "gif":
      return run(image.gif());
  }
}

export function encodeVariant(bytes: Buffer, plan: DecodePlan, width: number): Promise<EncodedImage> {
  return run(resized(bytes, plan, width).webp(WEBP));
}

const WEBP = { quality: 80 };
// AVIF quality 50 and effort 2, photos with half-resolution colour (decision 0021 has the figures).
const avif = (plan: DecodePlan) =>
  ({ quality: 50, effort: 2, chromaSubsampling: plan.halfColour ? "4:2:0" : "4:4:4" }) as const;

function resized(bytes: Buffer, plan: DecodePlan, width: number): Sharp {
  return decode(bytes, plan).resize({ width, withoutEnlargement: true });
}

/** The WebP and AVIF at `width`, from one decode and resize; an animation has no AVIF (its WebP stays animated). */
export async function encodeVariantPair(
  bytes: Buffer,
  plan: DecodePlan,
  width: number,
): Promise<{ webp: EncodedImage; avif: EncodedImage | null }> {
  if (plan.animated) return { webp: await encodeVariant(bytes, plan, width), avif: null };
  let pixels: { data: Buffer; info: OutputInfo };
  try {
    pixels = await resized(bytes, plan, width).raw().toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw decodeError(error);
  }
  const { data, info } = pixels;
  const from = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const [webp, smaller] = await Promise.all([run(from().webp(WEBP)), run(from().avif(avif(plan)))]);
  return { webp, avif: smaller };
}
