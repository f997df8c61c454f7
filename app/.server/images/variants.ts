// The WebP variants of a stored image, derived from its key and width alone,
// so any code holding a row (key, width) can rebuild the list.

/** Standard widths; the largest also caps the widest variant. */
export const VARIANT_WIDTHS = [320, 640, 1280, 1920] as const;
const LARGEST = 1920;

/**
 * The widths stored for an image `width` pixels wide: the standard ones below
 * it, plus one at its own width (capped at 1920) so the sharpest variant is
 * never smaller than the original allows; never upscaled. Under 320 px wide,
 * that is a single variant at the image's own width.
 */
export function variantWidths(width: number): number[] {
  if (!Number.isInteger(width) || width < 1) return [];
  const below: number[] = VARIANT_WIDTHS.filter((standard) => standard < width);
  const top = Math.min(width, LARGEST);
  return below.includes(top) ? below : [...below, top];
}

/** `client-logos/123-abcd.png`, 640 → `client-logos/123-abcd_w640.webp`. */
export function variantKey(key: string, width: number): string {
  const dot = key.lastIndexOf(".");
  const stem = dot > key.lastIndexOf("/") ? key.slice(0, dot) : key;
  return `${stem}_w${width}.webp`;
}

/** The original and every variant of a stored image. */
export function storedImageKeys(key: string, width: number | null): string[] {
  return [key, ...(width ? variantWidths(width).map((w) => variantKey(key, w)) : [])];
}
