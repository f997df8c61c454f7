import type { Seed } from "../server";
import { storeTestImage } from "../seed-images";
import { caseStudyFields } from "../../../factories";

export const FULL = "b1111111-1111-4111-8111-111111111111";

export const seedCaseStudy: Seed = async ({ dataDir, make }) => {
  const client = await make.client({ name: "Riverside School", industryType: "Schools", location: "York, UK" });
  const option = await storeTestImage(dataDir, (ext) => `option-images/1-net.${ext}`, 400, 400);
  const net = await make.option({
    optionName: "Climbing Net",
    imageKey: option.key,
    imageWidth: option.width,
    imageHeight: option.height,
  });
  const project = await make.project({
    ...caseStudyFields({
      storyBrief: "The school wanted one playground for every pupil.\n\nIt had to fit beside the <b>river</b> path.",
    }),
    id: FULL,
    title: "Riverside Adventure Trail",
    projectName: "riverside-trail",
    clientId: client.id,
    status: "completed",
    showInGallery: true,
    endDate: "2025-06-02",
    capacity: 60,
    description: "Timber towers and rope bridges along the river.",
    hasMainPlayground: true,
    levels: 3,
    sqFeet: "1200",
    hasSportCourt: true,
    sportCourtLevels: 1,
    sportCourtSqFeet: "800.5",
  });
  await make.projectOption({ projectId: project.id, optionId: net.id });
  for (const [category, count] of [
    ["3d_renders", 2],
    ["photos_completed", 2],
  ] as const) {
    for (let i = 0; i < count; i++) {
      const image = await storeTestImage(
        dataDir,
        (ext) => `project-files/${FULL}/${category}/${i}.${ext}`,
        1600,
        1000,
        category === "3d_renders" ? { r: 90, g: 110, b: 200 } : { r: 60, g: 160, b: 90 },
      );
      const row = await make.image({
        projectId: project.id,
        imageCategory: category,
        storageKey: image.key,
        width: image.width,
        height: image.height,
        displayOrder: i,
        caption: `${category === "3d_renders" ? "Render" : "Photo"} ${i + 1}`,
        altText: i === 1 ? `${category === "3d_renders" ? "Render" : "Photo"} of the trail from the river` : null,
      });
      // Staff paired the second render with the second photo.
      if (i === 1) {
        await make.comparisonPair({
          projectId: project.id,
          [category === "3d_renders" ? "renderId" : "photoId"]: row.id,
        });
      }
    }
  }
  // Nothing optional: a title and a client.
  await make.project({
    title: "Bare Bones Park",
    projectName: "bare-bones",
    clientId: client.id,
    showInGallery: true,
  });
};
