// A stored image's variants follow from its key and width alone: WebP at every width, AVIF too when the key says so.
/** Standard widths; the largest also caps the widest variant. */
export const VARIANT_WIDTHS = [320, 640, 1280, 1920] as const;
const LARGEST = 1920;

export type VariantFormat = "webp" | "avif";

/** Ends the stem of an image's key when AVIF variants were kept: `…/123-abcd_avif.jpg`. */
const AVIF_MARK = "_avif";

/** The standard widths below `width`, plus its own (capped at 1920); never upscaled. */
export function variantWidths(width: number): number[] {
  if (!Number.isInteger(width) || width < 1) return [];
  const below: number[] = VARIANT_WIDTHS.filter((standard) => standard < width);
  const top = Math.min(width, LARGEST);
  return below.includes(top) ? below : [...below, top];
}

function stem(key: string): string {
  const dot = key.lastIndexOf(".");
  return dot > key.lastIndexOf("/") ? key.slice(0, dot) : key;
}

/** `logos/123-abcd.png`, 640 → `logos/123-abcd_w640.webp` (or `.avif`). */
export function variantKey(key: string, width: number, format: VariantFormat = "webp"): string {
  return `${stem(key)}_w${width}.${format}`;
}

export function hasAvif(key: string): boolean {
  return stem(key).endsWith(AVIF_MARK);
}

/** `…/123-abcd.jpg` → `…/123-abcd_avif.jpg`: the key of the same image with AVIF variants. */
export function avifKey(key: string): string {
  if (hasAvif(key)) return key;
  const base = stem(key);
  return `${base}${AVIF_MARK}${key.slice(base.length)}`;
}

export function variantFormats(key: string): VariantFormat[] {
  return hasAvif(key) ? ["webp", "avif"] : ["webp"];
}

export function storedImageKeys(key: string, width: number | null): string[] {
  const widths = width ? variantWidths(width) : [];
  return [key, ...variantFormats(key).flatMap((format) => widths.map((w) => variantKey(key, w, format)))];
}
