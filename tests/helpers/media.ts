// Projects, stored files and image/video orders for the media tests (app/domain/media,
// app/domain/project-media), shared by their rule files and their race files.
import crypto from "node:crypto";
import { Readable } from "node:stream";
import { and, asc, eq, sql } from "drizzle-orm";
import { makeClient, makeProject } from "#tests/helpers/factories";
import * as images from "#tests/fixtures/images/generate";
import { db, schema } from "~/.server/db";
import { storage } from "~/.server/storage";
import { uploadProjectImage } from "~/domain/media/media.server";
import type { ProjectImageCategory } from "~/domain/project-media/schema";

const { projectImages, projectVideos } = schema;

export async function newProject() {
  const client = await makeClient();
  return makeProject({ clientId: client.id });
}

/** The storage's keys under `prefix`, sorted. */
export async function storedKeys(prefix = ""): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of storage().list(prefix)) keys.push(key);
  return keys.sort();
}

/**
 * PostgreSQL: until a query is blocked on a lock (or 10 s). PGlite runs one transaction at a
 * time, so nobody waits there: `pgliteWaitMs` gives the other side time to start instead.
 */
export async function untilSomeoneWaitsForALock(kind: string, pgliteWaitMs = 0): Promise<void> {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  if (kind === "pglite") return void (await sleep(pgliteWaitMs));
  for (let waited = 0; waited < 10_000; waited += 50) {
    const { rows } = await db().execute<{ n: number }>(sql`select count(*)::int as n from pg_locks where not granted`);
    if (rows[0]!.n > 0) return;
    await sleep(50);
  }
}

/** Image rows without files (for order rules), numbered 0..n-1 in insertion order. */
export async function insertImages(projectId: string, category: ProjectImageCategory, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const [row] = await db()
      .insert(projectImages)
      .values({
        projectId,
        imageCategory: category,
        storageKey: `project-files/${projectId}/${category}/${crypto.randomUUID()}.jpg`,
        width: 800,
        height: 600,
        displayOrder: i,
      })
      .returning({ id: projectImages.id });
    ids.push(row!.id);
  }
  return ids;
}

/** A real JPEG through the upload pipeline: small (one width of variants), as order rules need no more. */
export async function upload(projectId: string, category: ProjectImageCategory) {
  const bytes = await images.jpeg(240, 180);
  return uploadProjectImage({ projectId, category, stream: Readable.from([bytes]) });
}

/** The category's ids by display_order, and the orders themselves. */
export async function imageOrder(projectId: string, category: ProjectImageCategory) {
  const rows = await db()
    .select({ id: projectImages.id, order: projectImages.displayOrder })
    .from(projectImages)
    .where(and(eq(projectImages.projectId, projectId), eq(projectImages.imageCategory, category)))
    .orderBy(asc(projectImages.displayOrder));
  return { ids: rows.map((r) => r.id), orders: rows.map((r) => r.order) };
}

export async function videoOrder(projectId: string) {
  const rows = await db()
    .select({ id: projectVideos.id, order: projectVideos.displayOrder })
    .from(projectVideos)
    .where(eq(projectVideos.projectId, projectId))
    .orderBy(asc(projectVideos.displayOrder));
  return { ids: rows.map((r) => r.id), orders: rows.map((r) => r.order) };
}

export const range = (n: number) => Array.from({ length: n }, (_, i) => i);

export function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}
