import type { Seed } from "../server";
import { makeStoredImage } from "../seed-images";

/** oembed.spec: a listed project with its picture, a draft, and a published gallery. */
export const seedOembed: Seed = async ({ make, dataDir }) => {
  const client = await make.client({ name: "Willow Trust", location: "Willow Bay" });
  const willow = await make.project({
    title: "Willow Walk",
    projectName: "willow-walk",
    clientId: client.id,
    status: "completed",
    showInGallery: true,
    description: "A short trail.",
  });
  await make.project({ title: "Willow Draft", projectName: "willow-draft", clientId: client.id });
  await makeStoredImage(
    dataDir,
    make,
    { projectId: willow.id, imageCategory: "photos_completed", isFeatured: true },
    { width: 1200, height: 900 },
  );
  const parks = await make.gallery({ name: "Willow Parks", slug: "willow-parks", isPublished: true });
  await make.galleryProject({ galleryId: parks.id, projectId: willow.id, displayOrder: 0 });
};
