import type { Seed } from "../server";
import { storeTestImage } from "../seed-images";

export const id = (prefix: string, n: number) => `${prefix}0000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
export const [SPRING, DRAFT, EMPTY] = [id("e", 1), id("e", 2), id("e", 3)];

export const seedGalleryPage: Seed = async ({ dataDir, make }) => {
  const logo = await storeTestImage(dataDir, (ext) => `client-logos/lakeside-logo.${ext}`, 200, 200);
  const lakeside = await make.client({
    id: id("c", 1),
    name: "Lakeside School",
    location: "Windermere, UK",
    website: "https://lakeside.example",
    industryType: "Schools",
    logoKey: logo.key,
    logoWidth: logo.width,
    logoHeight: logo.height,
  });
  const trust = await make.client({ id: id("c", 2), name: "No Logo Trust", location: "Kendal, UK" });
  const adventure = await make.project({
    id: id("a", 1),
    title: "Lakeside Adventure",
    projectName: "lakeside-adventure",
    clientId: lakeside.id,
    status: "completed",
    endDate: "2025-03-07",
  });
  const fort = await make.project({
    id: id("a", 2),
    title: "Featured Fort",
    projectName: "featured-fort",
    clientId: trust.id,
    status: "completed",
    endDate: "2024-11-20",
    isFeatured: true,
    featuredUrl: "https://fort.example/story",
  });
  const valley = await make.project({
    id: id("a", 3),
    title: "Video Valley",
    clientId: lakeside.id,
    status: "in_progress",
    isFeatured: true,
  });
  await make.video({
    projectId: valley.id,
    title: "Real footage",
    youtubeUrl: "https://youtu.be/realvideo01",
    youtubeId: "realvideo01",
    videoCategory: "real_videos",
  });
  await make.video({
    projectId: valley.id,
    title: "Render",
    youtubeUrl: "https://youtu.be/render00001",
    youtubeId: "render00001",
    displayOrder: 1,
    videoCategory: "3d_renders",
  });
  const spring = await make.gallery({
    id: SPRING,
    name: "Spring Showcase",
    slug: "spring-showcase",
    description: "Our favourite projects this spring.",
    isPublished: true,
  });
  const draft = await make.gallery({ id: DRAFT, name: "Secret Draft", slug: "secret-draft" });
  await make.gallery({ id: EMPTY, name: "Empty Room", slug: "empty-room", isPublished: true });
  for (const [displayOrder, project] of [fort, adventure, valley].entries()) {
    await make.galleryProject({ galleryId: spring.id, projectId: project.id, displayOrder });
  }
  await make.galleryProject({ galleryId: draft.id, projectId: adventure.id, displayOrder: 0 });
  const cover = await storeTestImage(
    dataDir,
    (ext) => `project-files/${adventure.id}/photos_completed/1-cover.${ext}`,
    1600,
    1200,
  );
  await make.image({
    projectId: adventure.id,
    storageKey: cover.key,
    width: cover.width,
    height: cover.height,
    imageCategory: "photos_completed",
    isFeatured: true,
  });
};
