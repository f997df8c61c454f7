// What the Project Media section of the project form shows, in two queries
// (images, videos) run side by side.
import { asc, eq } from "drizzle-orm";
import { db, schema } from "~/.server/db";
import { imageSources } from "~/.server/images/sources";
import {
  PROJECT_IMAGE_CATEGORIES,
  type ProjectImageCategory,
  type ProjectImageItem,
  type ProjectMediaData,
} from "./schema";

const { projectImages, projectVideos } = schema;

export async function loadProjectMedia(projectId: string): Promise<ProjectMediaData> {
  const [imageRows, videos] = await Promise.all([
    db()
      .select({
        id: projectImages.id,
        category: projectImages.imageCategory,
        key: projectImages.storageKey,
        width: projectImages.width,
        height: projectImages.height,
        caption: projectImages.caption,
        altText: projectImages.altText,
        isFeatured: projectImages.isFeatured,
        displayOrder: projectImages.displayOrder,
      })
      .from(projectImages)
      .where(eq(projectImages.projectId, projectId))
      .orderBy(asc(projectImages.displayOrder), asc(projectImages.createdAt), asc(projectImages.id)),
    db()
      .select({
        id: projectVideos.id,
        title: projectVideos.title,
        youtubeId: projectVideos.youtubeId,
        youtubeUrl: projectVideos.youtubeUrl,
        category: projectVideos.videoCategory,
        displayOrder: projectVideos.displayOrder,
      })
      .from(projectVideos)
      .where(eq(projectVideos.projectId, projectId))
      .orderBy(asc(projectVideos.displayOrder), asc(projectVideos.createdAt), asc(projectVideos.id)),
  ]);

  const images = Object.fromEntries(PROJECT_IMAGE_CATEGORIES.map((category) => [category, []])) as unknown as Record<
    ProjectImageCategory,
    ProjectImageItem[]
  >;
  for (const { category, key, width, height, ...row } of imageRows) {
    images[category].push({ ...row, image: imageSources(key, width, height) });
  }
  return { images, videos };
}
