// The catalogue of playground options (slides, climbing walls…) projects pick from.
import { asc, count, eq, sql } from "drizzle-orm";
import { db, schema } from "~/.server/db";
import { withActor } from "~/.server/db/history-scope";
import { isUniqueViolation } from "~/.server/db/errors";
import { updateIfUnchanged, withVersion } from "../versioned-update.server";
import { imageSources } from "~/.server/images/sources";
import { claimUpload, discardStoredImage } from "~/domain/media/media.server";
import { DuplicateError, NotFoundError } from "../errors";
import { columnValues, fieldColumns } from "../form-fields";
import { OPTION_FIELDS, type OptionValues } from "./schema";

const { playgroundOptions, projectOptions } = schema;

/** The whole catalogue by name, with how many projects use each option. */
export async function listOptions() {
  const rows = await db()
    .select({
      id: playgroundOptions.id,
      ...fieldColumns(playgroundOptions, OPTION_FIELDS),
      imageKey: playgroundOptions.imageKey,
      imageWidth: playgroundOptions.imageWidth,
      imageHeight: playgroundOptions.imageHeight,
      updatedAt: playgroundOptions.updatedAt,
      projectCount:
        sql<number>`(select count(*) from ${projectOptions} po where po.option_id = "playground_options"."id")`.mapWith(
          Number,
        ),
    })
    .from(playgroundOptions)
    .orderBy(asc(playgroundOptions.optionName));
  return rows.map(({ imageKey, imageWidth, imageHeight, ...row }) => ({
    ...withVersion(row),
    image: imageKey && imageWidth && imageHeight ? imageSources(imageKey, imageWidth, imageHeight) : null,
  }));
}

function duplicate(name: string) {
  return new DuplicateError(`An option named "${name}" already exists.`, "optionName");
}

export async function createOption(values: OptionValues, userId: string): Promise<{ id: string }> {
  try {
    return await db().transaction(async (tx) => {
      await withActor(tx);
      const image = values.imageUploadId ? await claimUpload(tx, values.imageUploadId, "option-image") : null;
      const [created] = await tx
        .insert(playgroundOptions)
        .values({
          ...columnValues(OPTION_FIELDS, values),
          imageKey: image?.key ?? null,
          imageWidth: image?.width ?? null,
          imageHeight: image?.height ?? null,
          createdBy: userId,
        })
        .returning({ id: playgroundOptions.id });
      return created!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(values.optionName);
    throw error;
  }
}

export async function updateOption(id: string, version: string, values: OptionValues): Promise<void> {
  let discard: { key: string; width: number } | null;
  try {
    discard = await db().transaction(async (tx) => {
      await withActor(tx);
      const [before] = await tx
        .select({ imageKey: playgroundOptions.imageKey, imageWidth: playgroundOptions.imageWidth })
        .from(playgroundOptions)
        .where(eq(playgroundOptions.id, id))
        .for("update");
      if (!before) throw new NotFoundError("This option no longer exists.");
      let image: Record<string, unknown> = {};
      if (values.imageUploadId) {
        const upload = await claimUpload(tx, values.imageUploadId, "option-image");
        image = { imageKey: upload.key, imageWidth: upload.width, imageHeight: upload.height };
      } else if (values.removeImage) {
        image = { imageKey: null, imageWidth: null, imageHeight: null };
      }
      await updateIfUnchanged(
        tx,
        playgroundOptions,
        id,
        version,
        { ...columnValues(OPTION_FIELDS, values), ...image },
        "option",
      );
      // The replaced image's files go once the new row is committed.
      return "imageKey" in image && before.imageKey && before.imageWidth
        ? { key: before.imageKey, width: before.imageWidth }
        : null;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(values.optionName);
    throw error;
  }
  if (discard) await discardStoredImage(discard.key, discard.width);
}

/** Deletes the option; the projects that had it lose it (project_options cascade). */
export async function deleteOption(id: string): Promise<{ name: string; projectsAffected: number }> {
  const result = await db().transaction(async (tx) => {
    await withActor(tx);
    const [option] = await tx
      .select({
        name: playgroundOptions.optionName,
        imageKey: playgroundOptions.imageKey,
        imageWidth: playgroundOptions.imageWidth,
      })
      .from(playgroundOptions)
      .where(eq(playgroundOptions.id, id))
      .for("update");
    if (!option) throw new NotFoundError("This option no longer exists.");
    const [usage] = await tx.select({ n: count() }).from(projectOptions).where(eq(projectOptions.optionId, id));
    await tx.delete(playgroundOptions).where(eq(playgroundOptions.id, id));
    return { ...option, projectsAffected: usage?.n ?? 0 };
  });
  if (result.imageKey && result.imageWidth) await discardStoredImage(result.imageKey, result.imageWidth);
  return { name: result.name, projectsAffected: result.projectsAffected };
}
