// `npm run media:avif`: gives images stored before AVIF variants were made
// their AVIFs, under the same rule as an upload: kept only when, all widths
// together, they are smaller than the image's WebPs. A kept image moves to its
// `_avif` key (original and WebPs copied, AVIFs added) and every row naming it
// is updated in one transaction, which bumps the content version, so cached
// pages render again with the new sources. The files under the old key are
// left for `npm run media:gc`: a page rendered a moment ago may still name them.
import { buffer } from "node:stream/consumers";
import { sql } from "drizzle-orm";
import type { Db } from "../db";
import { contentTypeForKey } from "../storage/content-type";
import type { Storage } from "../storage/storage";
import { deleteKeysQuietly } from "./delete";
import type { FileColumn, StoredFiles } from "./gc";
import { SNIFF_BYTES, sniffImage } from "./sniff";
import { encodeAvifVariant, planDecode } from "./transcode";
import { avifKey, hasAvif, variantKey, variantWidths } from "./variants";

/** The rows that own an image for good (pending uploads are claimed or collected within a day). */
const imageOwners = (files: StoredFiles) =>
  files.owners.filter((ref): ref is FileColumn & { width: FileColumn["key"] } => ref.width !== null);

export type BackfillOutcome = "converted" | "not smaller" | "animated" | "gone" | "failed";

export interface BackfillReport {
  key: string;
  outcome: BackfillOutcome;
  /** AVIF and WebP bytes, all widths together. */
  avifBytes?: number;
  webpBytes?: number;
  reason?: string;
}

async function read(store: Storage, key: string): Promise<Buffer | null> {
  const object = await store.get(key);
  return object ? buffer(object.body) : null;
}

async function size(store: Storage, key: string): Promise<number | null> {
  const object = await store.get(key);
  object?.body.destroy();
  return object?.size ?? null;
}

/** Every image without AVIF variants that a row owns, once each. */
async function imagesToCheck(
  db: Pick<Db, "execute">,
  owners: ReturnType<typeof imageOwners>,
): Promise<{ key: string; width: number }[]> {
  const selects = owners.map(
    (ref) =>
      sql`select ${sql.identifier(ref.key.name)} as key, ${sql.identifier(ref.width.name)} as width
          from ${ref.key.table} where ${sql.identifier(ref.key.name)} is not null and ${sql.identifier(ref.width.name)} > 0`,
  );
  const { rows } = await db.execute<{ key: string; width: number }>(
    sql`select distinct key, width from (${sql.join(selects, sql` union all `)}) images order by key`,
  );
  return rows.filter((row) => !hasAvif(row.key));
}

async function backfillOne(
  db: Db,
  store: Storage,
  owners: ReturnType<typeof imageOwners>,
  key: string,
  width: number,
): Promise<BackfillReport> {
  const original = await read(store, key);
  if (!original) return { key, outcome: "failed", reason: "the original is missing" };
  const format = sniffImage(original.subarray(0, SNIFF_BYTES));
  if (!format || format === "heif") return { key, outcome: "failed", reason: "not a readable image" };
  const plan = await planDecode(original, format);
  if (plan.animated) return { key, outcome: "animated" };

  const widths = variantWidths(width);
  let webpBytes = 0;
  for (const w of widths) {
    const bytes = await size(store, variantKey(key, w));
    if (bytes === null) return { key, outcome: "failed", reason: `the ${w} px WebP is missing` };
    webpBytes += bytes;
  }
  const avifs = [];
  for (const w of widths) avifs.push({ width: w, image: await encodeAvifVariant(original, plan, w) });
  const avifBytes = avifs.reduce((sum, avif) => sum + avif.image.data.length, 0);
  if (avifBytes >= webpBytes) return { key, outcome: "not smaller", avifBytes, webpBytes };

  const next = avifKey(key);
  const written: string[] = [];
  const put = async (name: string, data: Buffer) => {
    await store.put(name, data, { contentType: contentTypeForKey(name) });
    written.push(name);
  };
  try {
    await put(next, original);
    for (const w of widths) {
      const webp = await read(store, variantKey(key, w));
      if (!webp) throw new Error(`the ${w} px WebP is missing`);
      await put(variantKey(next, w), webp);
    }
    for (const avif of avifs) await put(variantKey(next, avif.width, "avif"), avif.image.data);
    const moved = await db.transaction(async (tx) => {
      let rows = 0;
      for (const ref of owners) {
        const result = await tx.execute(
          sql`update ${ref.key.table} set ${sql.identifier(ref.key.name)} = ${next}
              where ${sql.identifier(ref.key.name)} = ${key} returning 1`,
        );
        rows += result.rows.length;
      }
      return rows;
    });
    if (moved === 0) {
      // Replaced or deleted meanwhile: nothing names the new files.
      await deleteKeysQuietly(store, written);
      return { key, outcome: "gone" };
    }
  } catch (error) {
    await deleteKeysQuietly(store, written);
    return { key, outcome: "failed", reason: error instanceof Error ? error.message : String(error) };
  }
  return { key, outcome: "converted", avifBytes, webpBytes };
}

/** Checks every image without AVIF variants that `files` names; `onImage` hears of each as it is done. */
export async function backfillAvif(
  db: Db,
  store: Storage,
  files: StoredFiles,
  onImage: (report: BackfillReport) => void = () => {},
): Promise<BackfillReport[]> {
  const reports: BackfillReport[] = [];
  const owners = imageOwners(files);
  for (const { key, width } of await imagesToCheck(db, owners)) {
    const report = await backfillOne(db, store, owners, key, width).catch((error: unknown): BackfillReport => ({
      key,
      outcome: "failed",
      reason: error instanceof Error ? error.message : String(error),
    }));
    reports.push(report);
    onImage(report);
  }
  return reports;
}
