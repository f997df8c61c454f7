// A project's YouTube videos: one order across both categories, a new video
// last (display_order = how many the project has), delete and reorder.
import { and, count, eq } from "drizzle-orm";
import { db, schema } from "~/.server/db";
import { withActor } from "~/.server/db/history-scope";
import { INVALID_YOUTUBE_URL, parseYouTubeId } from "~/lib/youtube";
import { InvalidInputError, NotFoundError } from "../errors";
import { closeGaps, lockProject, reorderWithin } from "./ordering.server";
import { MISSING_VIDEO_INFO, type ProjectVideoCategory } from "./schema";

const { projectVideos } = schema;

const VIDEO_GONE = "This video no longer exists (it may have just been deleted). Reload the page.";

/**
 * Adds a video last. The id is parsed here, from the URL as sent; the order is
 * counted under the project lock, so two adds at once get distinct orders.
 */
export async function addVideo(input: {
  projectId: string;
  title: string;
  youtubeUrl: string;
  category: ProjectVideoCategory;
}): Promise<{ id: string; displayOrder: number; youtubeId: string }> {
  const title = input.title.trim();
  const youtubeUrl = input.youtubeUrl.trim();
  if (!title || !youtubeUrl) throw new InvalidInputError(MISSING_VIDEO_INFO);
  const parsed = parseYouTubeId(youtubeUrl);
  if (!parsed.ok) throw new InvalidInputError(INVALID_YOUTUBE_URL, "youtubeUrl");
  return db().transaction(async (tx) => {
    await withActor(tx);
    await lockProject(tx, input.projectId);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(projectVideos)
      .where(eq(projectVideos.projectId, input.projectId));
    const [row] = await tx
      .insert(projectVideos)
      .values({
        projectId: input.projectId,
        title,
        youtubeUrl,
        youtubeId: parsed.id,
        videoCategory: input.category,
        displayOrder: n,
      })
      .returning({
        id: projectVideos.id,
        displayOrder: projectVideos.displayOrder,
        youtubeId: projectVideos.youtubeId,
      });
    return row!;
  });
}

/** Deletes one of the project's videos and renumbers the rest from 0, in one transaction. */
export async function deleteVideo(input: { projectId: string; videoId: string }): Promise<void> {
  await db().transaction(async (tx) => {
    await withActor(tx);
    await lockProject(tx, input.projectId);
    const [row] = await tx
      .delete(projectVideos)
      .where(and(eq(projectVideos.id, input.videoId), eq(projectVideos.projectId, input.projectId)))
      .returning({ id: projectVideos.id });
    if (!row) throw new NotFoundError(VIDEO_GONE);
    await closeGaps(tx, projectVideos, eq(projectVideos.projectId, input.projectId));
  });
}

/** Stores a new order of the project's videos, by the same rules as reorderImages. Returns it. */
export async function reorderVideos(input: { projectId: string; ids: readonly string[] }): Promise<string[]> {
  return reorderWithin({
    projectId: input.projectId,
    table: projectVideos,
    scope: eq(projectVideos.projectId, input.projectId),
    ids: input.ids,
    elsewhere: "Only this project's videos can be reordered here.",
  });
}
