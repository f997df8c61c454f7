// Generated pictures for the demo (no text: fonts vary by machine), stored through the real pipeline.
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import sharp from "sharp";
import { ingestImage, type IngestedImage } from "~/.server/images/ingest";
import { avifKey, hasAvif, storedImageKeys } from "~/.server/images/variants";
import { type Storage, storage } from "~/.server/storage";
import { contentTypeForKey } from "~/.server/storage/content-type";

const PALETTE = "#0f766e #1d4ed8 #b45309 #be123c #6d28d9 #15803d #0e7490 #a21caf #c2410c #4d7c0f".split(" ");

export const color = (index: number): string => PALETTE[index % PALETTE.length]!;

/** `size` pixels at `scale` (the demo's pictures are scale 1), whole and never tiny. */
export const scaled = (size: number, scale: number): number => Math.max(16, Math.round(size * scale));

/** A logo-like mark: a rounded square with a shape in it. */
export function logoSvg(index: number, size = 512): string {
  const c = color(index);
  const shapes = [
    `<circle cx="256" cy="256" r="130" fill="#fff"/><circle cx="256" cy="256" r="70" fill="${c}"/>`,
    `<polygon points="256,110 410,380 102,380" fill="#fff"/>`,
    `<rect x="140" y="140" width="232" height="232" rx="40" fill="#fff"/><rect x="210" y="210" width="92" height="92" fill="${c}"/>`,
    `<path d="M120 380 Q256 60 392 380" stroke="#fff" stroke-width="44" fill="none" stroke-linecap="round"/>`,
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 512 512"><rect width="512" height="512" rx="96" fill="${c}"/>${shapes[index % shapes.length]}</svg>`;
}

/** A scene-like picture: sky, ground and a few playful shapes. */
export function sceneSvg(index: number, width = 1600, height = 1200): string {
  const c = color(index);
  const d = color(index + 3);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1600 1200">
    <rect width="1600" height="1200" fill="#dbeafe"/>
    <circle cx="${1300 - (index % 5) * 120}" cy="220" r="110" fill="#fde047"/>
    <rect y="820" width="1600" height="380" fill="#86efac"/>
    <rect x="${300 + (index % 4) * 60}" y="420" width="80" height="420" fill="${c}"/>
    <rect x="${700 + (index % 3) * 40}" y="420" width="80" height="420" fill="${c}"/>
    <rect x="${280 + (index % 4) * 60}" y="380" width="${540 - (index % 4) * 20}" height="70" rx="20" fill="${d}"/>
    <path d="M${820 + (index % 3) * 40} 450 Q1100 560 1250 830" stroke="${d}" stroke-width="60" fill="none" stroke-linecap="round"/>
    <circle cx="${400 + (index % 6) * 90}" cy="930" r="60" fill="${color(index + 5)}"/>
  </svg>`;
}

/** Stores a picture as an upload would be (WebP and, where smaller, AVIF variants). */
export const ingest = (bytes: Buffer, key: (ext: string) => string, store?: Storage) =>
  ingestImage(Readable.from([bytes]), { maxBytes: 25 * 1024 * 1024, key, storage: store });

export const storeSvg = async (svg: string, key: (ext: string) => string) =>
  ingest(await sharp(Buffer.from(svg)).png().toBuffer(), key);

const stem = (key: string) => key.slice(0, key.lastIndexOf("."));

/** Stores each picture once, then copies its files under each new key: encoding each use again takes minutes. */
export function storeOnceThenCopy() {
  const first = new Map<number, Promise<IngestedImage>>();
  return async (picture: number, bytes: Buffer, key: (ext: string) => string): Promise<IngestedImage> => {
    const stored = first.get(picture);
    if (!stored) {
      const ingested = ingest(bytes, key);
      first.set(picture, ingested);
      return ingested;
    }
    const original = await stored;
    const ext = original.key.slice(original.key.lastIndexOf(".") + 1);
    const next = hasAvif(original.key) ? avifKey(key(ext)) : key(ext);
    const store = storage();
    for (const name of storedImageKeys(original.key, original.width)) {
      const object = await store.get(name);
      if (!object) throw new Error(`The demo picture ${name} is missing`);
      const copy = stem(next) + name.slice(stem(original.key).length);
      await store.put(copy, await buffer(object.body), { contentType: contentTypeForKey(copy) });
    }
    return { ...original, key: next };
  };
}
