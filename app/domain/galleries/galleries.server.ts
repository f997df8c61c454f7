// Galleries themselves: the management list (with project counts, one
// statement), create, edit (optimistic concurrency), publish and delete.
import { asc, desc, eq, sql } from "drizzle-orm";
import { db, schema } from "~/.server/db";
import { withActor } from "~/.server/db/history-scope";
import { isUniqueViolation } from "~/.server/db/errors";
import { updateIfUnchanged, withVersion } from "../versioned-update.server";
import { DuplicateError, NotFoundError } from "../errors";
import { columnValues, fieldColumns } from "../form-fields";
import { GALLERY_FIELDS, GALLERY_MESSAGES, type GalleryRow, type GalleryValues } from "./schema";

const { galleries, galleryProjects } = schema;

export const GALLERY_GONE = "This gallery no longer exists (it may have just been deleted).";

/** The columns of a GalleryRow, for any select on galleries. */
export const galleryRowColumns = {
  id: galleries.id,
  ...fieldColumns(galleries, GALLERY_FIELDS),
  updatedAt: galleries.updatedAt,
  // Drizzle writes a bare "id" inside a subquery: the outer row is named in full.
  projectCount:
    sql<number>`(select count(*) from ${galleryProjects} gp where gp.gallery_id = "galleries"."id")`.mapWith(Number),
};

/** Every gallery, newest first, each with its project count: one statement. */
export async function listGalleries(): Promise<GalleryRow[]> {
  const rows = await db()
    .select(galleryRowColumns)
    .from(galleries)
    .orderBy(desc(galleries.createdAt), asc(galleries.id));
  return rows.map((row) => withVersion(row));
}

function slugTaken(error: unknown): boolean {
  return isUniqueViolation(error, "galleries_slug_unique");
}

const taken = () => new DuplicateError(GALLERY_MESSAGES.slugTaken, "slug");

/** Creates a gallery (a draft unless `isPublished`); the slug must be free. */
export async function createGallery(values: GalleryValues, userId: string): Promise<{ id: string; slug: string }> {
  try {
    const [created] = await db().transaction(async (tx) => {
      await withActor(tx);
      return tx
        .insert(galleries)
        .values({ ...columnValues(GALLERY_FIELDS, values), createdBy: userId })
        .returning({ id: galleries.id, slug: galleries.slug });
    });
    return created!;
  } catch (error) {
    if (slugTaken(error)) throw taken();
    throw error;
  }
}

/**
 * Saves the dialog's values if the gallery still has `version` (else
 * StaleRecordError). A new slug moves the public page to the new address.
 */
export async function updateGallery(id: string, version: string, values: GalleryValues): Promise<{ version: string }> {
  try {
    return await db().transaction(async (tx) => {
      await withActor(tx);
      return {
        version: await updateIfUnchanged(tx, galleries, id, version, columnValues(GALLERY_FIELDS, values), "gallery"),
      };
    });
  } catch (error) {
    if (slugTaken(error)) throw taken();
    throw error;
  }
}

/** Publishes or unpublishes a gallery (the public page follows at once: nothing caches it). */
export async function setGalleryPublished(id: string, published: boolean): Promise<{ name: string }> {
  const [row] = await db().transaction(async (tx) => {
    await withActor(tx);
    return tx
      .update(galleries)
      .set({ isPublished: published })
      .where(eq(galleries.id, id))
      .returning({ name: galleries.name });
  });
  if (!row) throw new NotFoundError(GALLERY_GONE);
  return row;
}

/** Deletes a gallery; its gallery_projects rows go with it (foreign key cascade), its projects stay. */
export async function deleteGallery(id: string): Promise<{ name: string }> {
  const [row] = await db().transaction(async (tx) => {
    await withActor(tx);
    return tx.delete(galleries).where(eq(galleries.id, id)).returning({ name: galleries.name });
  });
  if (!row) throw new NotFoundError(GALLERY_GONE);
  return row;
}
