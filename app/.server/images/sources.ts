// src and srcSet for <picture>/<img> of a stored image's variants, from its row's key, width and height.
import type { ImageSources } from "~/lib/image-sources";
import { storage } from "../storage";
import type { Storage } from "../storage/storage";
import { hasAvif, variantKey, variantWidths, type VariantFormat } from "./variants";

const FALLBACK_MAX_WIDTH = 1280;

/** The variant browsers that ignore srcSet load (the largest up to 1280 px), with its size in pixels. */
export function fallbackImage(
  key: string,
  width: number,
  height: number,
  store: Storage = storage(),
): { url: string; width: number; height: number } {
  const fallback = variantWidths(width)
    .filter((w) => w <= FALLBACK_MAX_WIDTH)
    .at(-1);
  if (fallback === undefined) return { url: store.publicUrl(key), width, height };
  // sharp scales the height by the same factor and rounds it.
  return {
    url: store.publicUrl(variantKey(key, fallback)),
    width: fallback,
    height: Math.round((height * fallback) / width),
  };
}

export function imageSources(key: string, width: number, height: number, store: Storage = storage()): ImageSources {
  const widths = variantWidths(width);
  const url = (w: number, format?: VariantFormat) => store.publicUrl(variantKey(key, w, format));
  const srcSet = (format: VariantFormat) => widths.map((w) => `${url(w, format)} ${w}w`).join(", ");
  return {
    src: fallbackImage(key, width, height, store).url,
    srcSet: srcSet("webp"),
    ...(hasAvif(key) && widths.length ? { avifSrcSet: srcSet("avif") } : {}),
    width,
    height,
  };
}
