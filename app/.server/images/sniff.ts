// The format of a file from its first bytes (magic numbers), never from its name or the type the browser claims.
import type { ImageFormat } from "./formats";

/** How many leading bytes sniffImage needs (an ISO-BMFF `ftyp` box lists its brands here). */
export const SNIFF_BYTES = 64;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const AVIF_BRANDS = new Set(["avif", "avis"]);
// HEIF/HEIC brands (Apple photos): no decoder for them in this build of sharp.
const HEIF_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1"]);

function ascii(head: Buffer, start: number, end: number): string {
  return head.subarray(start, end).toString("latin1");
}

/** The major and compatible brands of an ISO-BMFF file (AVIF, HEIC, MP4…), or [] when it is not one. */
function isoBrands(head: Buffer): string[] {
  if (head.length < 16 || ascii(head, 4, 8) !== "ftyp") return [];
  const boxSize = Math.min(head.readUInt32BE(0), head.length);
  const brands = [ascii(head, 8, 12)];
  for (let offset = 16; offset + 4 <= boxSize; offset += 4) brands.push(ascii(head, offset, offset + 4));
  return brands;
}

/** An accepted format, "heif" (recognised but not readable here), or null for anything else. */
export function sniffImage(head: Buffer): ImageFormat | "heif" | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpeg";
  if (head.length >= 8 && head.subarray(0, 8).equals(PNG)) return "png";
  if (head.length >= 6 && (ascii(head, 0, 6) === "GIF87a" || ascii(head, 0, 6) === "GIF89a")) return "gif";
  if (head.length >= 12 && ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "WEBP") return "webp";
  const brands = isoBrands(head);
  if (brands.some((brand) => AVIF_BRANDS.has(brand))) return "avif";
  if (brands.some((brand) => HEIF_BRANDS.has(brand))) return "heif";
  return null;
}
