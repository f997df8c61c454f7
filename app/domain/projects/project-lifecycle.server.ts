// Deleting a project (refused while contracts reference it; its image files go
// after the rows) and duplicating one as the start of a similar project.
import { count, eq } from "drizzle-orm";
import { db, schema } from "~/.server/db";
import { withActor } from "~/.server/db/history-scope";
import { isForeignKeyViolation } from "~/.server/db/errors";
import { discardStoredImage } from "~/domain/media/media.server";
import { InUseError, NotFoundError } from "../errors";

const { projects, projectImages, projectOptions, contracts } = schema;

const gone = () => new NotFoundError("This project no longer exists.");

/**
 * Deletes a project with its images, videos, options and gallery places (all
 * by cascade), then removes the image files once the rows are committed.
 */
export async function deleteProject(id: string): Promise<{ name: string }> {
  const deleted = await db().transaction(async (tx) => {
    await withActor(tx);
    // The row lock makes an upload to this project wait, then find it gone.
    const [project] = await tx
      .select({ title: projects.title })
      .from(projects)
      .where(eq(projects.id, id))
      .for("update");
    if (!project) throw gone();
    const [usage] = await tx.select({ n: count() }).from(contracts).where(eq(contracts.projectId, id));
    const n = usage?.n ?? 0;
    const refusal = (contractCount?: number) =>
      new InUseError(
        `"${project.title}" has ${contractCount ? `${contractCount} ${contractCount === 1 ? "contract" : "contracts"}` : "contracts"}, so it cannot be deleted.`,
      );
    if (n > 0) throw refusal(n);
    const images = await tx
      .select({ key: projectImages.storageKey, width: projectImages.width })
      .from(projectImages)
      .where(eq(projectImages.projectId, id));
    try {
      await tx.delete(projects).where(eq(projects.id, id));
    } catch (error) {
      // A contract added meanwhile still references it.
      if (isForeignKeyViolation(error, "contracts_project_id_projects_id_fk")) throw refusal();
      throw error;
    }
    return { title: project.title, images };
  });
  for (const image of deleted.images) await discardStoredImage(image.key, image.width);
  return { name: deleted.title };
}

const COPY_SUFFIX = " (copy)";
const TITLE_MAX = 200;

/** "{title} (copy)", shortened so it stays within the title's limit. */
export function copyTitle(title: string): string {
  return `${title.slice(0, TITLE_MAX - COPY_SUFFIX.length).trimEnd()}${COPY_SUFFIX}`;
}

/**
 * A new draft with the project's fields and playground options, but no media,
 * no project name and not shown in the gallery.
 */
export async function duplicateProject(id: string, userId: string): Promise<{ id: string; title: string }> {
  return db().transaction(async (tx) => {
    await withActor(tx);
    const [source] = await tx.select().from(projects).where(eq(projects.id, id)).for("share");
    if (!source) throw gone();
    const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, createdBy: _createdBy, ...fields } = source;
    const [copy] = await tx
      .insert(projects)
      .values({
        ...fields,
        title: copyTitle(source.title),
        projectName: null,
        status: "draft",
        showInGallery: false,
        // The copy has no media: no comparison pair either.
        comparisonRenderId: null,
        comparisonPhotoId: null,
        createdBy: userId,
      })
      .returning({ id: projects.id, title: projects.title });
    const options = await tx
      .select({ optionId: projectOptions.optionId })
      .from(projectOptions)
      .where(eq(projectOptions.projectId, id));
    if (options.length) {
      await tx.insert(projectOptions).values(options.map(({ optionId }) => ({ projectId: copy!.id, optionId })));
    }
    return copy!;
  });
}
