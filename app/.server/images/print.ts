// A stored image for a PDF: the WebP variant closest to `maxWidth`, as JPEG (every reader shows it).
import { buffer } from "node:stream/consumers";
import sharp from "sharp";
import { storage } from "../storage";
import { variantKey, variantWidths } from "./variants";

export interface PrintImage {
  data: Buffer;
  width: number;
  height: number;
}

export async function printImage(key: string, width: number, maxWidth = 1280): Promise<PrintImage | null> {
  const widths = variantWidths(width);
  const chosen = widths.filter((w) => w <= maxWidth).at(-1) ?? widths[0];
  if (chosen === undefined) return null;
  const object = await storage().get(variantKey(key, chosen));
  if (!object) return null;
  const { data, info } = await sharp(await buffer(object.body))
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: 78, mozjpeg: false })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
