// A project's images after upload (uploads themselves: ~/domain/media):
// order within a category, delete, caption and the one featured image.
import { and, eq, ne, sql } from "drizzle-orm";
import { db, schema } from "~/.server/db";
import { withActor } from "~/.server/db/history-scope";
import { discardStoredImage } from "~/domain/media/media.server";
import { NotFoundError } from "../errors";
import { closeGaps, lockProject, reorderWithin } from "./ordering.server";
import type { ProjectImageCategory } from "./schema";

const { projectImages } = schema;

const IMAGE_GONE = "This image no longer exists (it may have just been deleted). Reload the page.";

const inCategory = (projectId: string, category: ProjectImageCategory) =>
  and(eq(projectImages.projectId, projectId), eq(projectImages.imageCategory, category))!;

/**
 * Stores a new order for one category: `ids` first, in that order, then any
 * image the client did not know about (uploaded meanwhile) in its current
 * order; ids that no longer exist are skipped. The category ends up numbered
 * 0..n-1, whatever ran at the same time. Returns the stored order.
 */
export async function reorderImages(input: {
  projectId: string;
  category: ProjectImageCategory;
  ids: readonly string[];
}): Promise<string[]> {
  return reorderWithin({
    projectId: input.projectId,
    table: projectImages,
    scope: inCategory(input.projectId, input.category),
    ids: input.ids,
    // Deleted meanwhile is fine (skipped); another project's or category's image is not.
    elsewhere: "Only this gallery's images can be reordered here.",
  });
}

/**
 * Deletes one of the project's images and renumbers the rest of its category,
 * in one transaction; the files go after the commit (never when it fails).
 */
export async function deleteImage(input: { projectId: string; imageId: string }): Promise<void> {
  const deleted = await db().transaction(async (tx) => {
    await withActor(tx);
    await lockProject(tx, input.projectId);
    const [row] = await tx
      .delete(projectImages)
      .where(and(eq(projectImages.id, input.imageId), eq(projectImages.projectId, input.projectId)))
      .returning({
        key: projectImages.storageKey,
        width: projectImages.width,
        category: projectImages.imageCategory,
      });
    if (!row) throw new NotFoundError(IMAGE_GONE);
    await closeGaps(tx, projectImages, inCategory(input.projectId, row.category));
    return row;
  });
  await discardStoredImage(deleted.key, deleted.width);
}

/** Sets (or, with null, clears) an image's caption, which is also its alt text unless it has its own. */
export async function updateImageCaption(input: {
  projectId: string;
  imageId: string;
  caption: string | null;
}): Promise<void> {
  await updateImageText(input, { caption: input.caption });
}

/** Sets (or, with null, clears: the caption serves) an image's own alt text. */
export async function updateImageAlt(input: {
  projectId: string;
  imageId: string;
  altText: string | null;
}): Promise<void> {
  await updateImageText(input, { altText: input.altText });
}

async function updateImageText(
  input: { projectId: string; imageId: string },
  set: { caption: string | null } | { altText: string | null },
): Promise<void> {
  const [row] = await db().transaction(async (tx) => {
    await withActor(tx);
    return tx
      .update(projectImages)
      .set(set)
      .where(and(eq(projectImages.id, input.imageId), eq(projectImages.projectId, input.projectId)))
      .returning({ id: projectImages.id });
  });
  if (!row) throw new NotFoundError(IMAGE_GONE);
}

/**
 * Makes the image the project's featured image (the previous one stops being
 * it, in the same transaction), or, with `featured: false`, leaves the project
 * without one when this image was it.
 */
export async function setFeaturedImage(input: {
  projectId: string;
  imageId: string;
  featured: boolean;
}): Promise<void> {
  const { projectId, imageId, featured } = input;
  await db().transaction(async (tx) => {
    await withActor(tx);
    await lockProject(tx, projectId);
    const [image] = await tx
      .select({ id: projectImages.id })
      .from(projectImages)
      .where(and(eq(projectImages.id, imageId), eq(projectImages.projectId, projectId)));
    if (!image) throw new NotFoundError(IMAGE_GONE);
    // Two statements in this order: the unique index on the featured image is checked row by row.
    await tx
      .update(projectImages)
      .set({ isFeatured: false })
      .where(
        and(
          eq(projectImages.projectId, projectId),
          eq(projectImages.isFeatured, true),
          featured ? ne(projectImages.id, imageId) : eq(projectImages.id, imageId),
        ),
      );
    if (featured) {
      await tx
        .update(projectImages)
        .set({ isFeatured: true })
        .where(and(eq(projectImages.id, imageId), sql`not ${projectImages.isFeatured}`));
    }
  });
}
