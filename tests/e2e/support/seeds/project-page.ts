import type { Seed } from "../server";
import { storeTestImage } from "../seed-images";

export const CLIENT = "c1111111-1111-4111-8111-111111111111";
export const LISTED = "a1111111-1111-4111-8111-111111111111";
export const DRAFT = "a2222222-2222-4222-8222-222222222222";
export const NAMELESS = "a3333333-3333-4333-8333-333333333333";

export const seedProjectPage: Seed = async ({ dataDir, make }) => {
  const logo = await storeTestImage(dataDir, (ext) => `client-logos/meadow-logo.${ext}`, 300, 300);
  const client = await make.client({
    id: CLIENT,
    name: "Meadow Council",
    industryType: "Parks & Recreation",
    location: "Harrogate, UK",
    website: "https://meadow.example",
    notes: "SECRET-CLIENT-NOTE",
    logoKey: logo.key,
    logoWidth: logo.width,
    logoHeight: logo.height,
  });
  const listed = await make.project({
    id: LISTED,
    title: "Sunny Meadow Play Trail",
    projectName: "sunny-meadow",
    clientId: client.id,
    status: "completed",
    showInGallery: true,
    description: "A woodland trail with towers, bridges and a sensory garden.",
    endDate: "2025-03-07",
    salePrice: "98765.43",
    hasMainPlayground: true,
    mainPlaygroundLength: "20",
    mainPlaygroundWidth: "15.5",
    mainPlaygroundHeight: "12",
    levels: 3,
    sqFeet: "310",
    hasToddlerZone: true,
    toddlerZoneLevels: 1,
    toddlerZoneSqFeet: "120.25",
    hasSportCourt: false,
    sportCourtLength: "99",
  });
  await make.project({ id: DRAFT, title: "Draft Den", projectName: "draft-den", clientId: client.id });
  // Published (Show in Gallery) but not listed (not completed): public, not indexed.
  await make.project({
    id: NAMELESS,
    title: "Nameless Nook",
    clientId: client.id,
    status: "planning",
    showInGallery: true,
  });
  for (const optionName of ["Zip Line", "climbing wall", "Basket Swing"]) {
    const option = await make.option({ optionName });
    await make.projectOption({ projectId: listed.id, optionId: option.id });
  }
  await make.video({
    projectId: listed.id,
    title: "Opening day",
    youtubeUrl: "https://youtu.be/abcdefghijk",
    youtubeId: "abcdefghijk",
    videoCategory: "real_videos",
  });
  await make.video({
    projectId: listed.id,
    title: "Render walk-through",
    youtubeUrl: "https://youtu.be/ABCDEFGHIJK",
    youtubeId: "ABCDEFGHIJK",
    displayOrder: 1,
    videoCategory: "3d_renders",
  });
  const solo = await make.project({
    title: "Solo Swing",
    projectName: "solo-swing",
    clientId: client.id,
    status: "completed",
    showInGallery: true,
  });
  await make.video({
    projectId: solo.id,
    title: "Only take",
    youtubeUrl: "https://youtu.be/onlytake123",
    youtubeId: "onlytake123",
    videoCategory: "real_videos",
  });
  const plan = [
    ["3d_renders", 2],
    ["photos_installation", 3],
    ["photos_completed", 1],
  ] as const;
  for (const [category, count] of plan) {
    for (let i = 0; i < count; i++) {
      const image = await storeTestImage(
        dataDir,
        (ext) => `project-files/${LISTED}/${category}/${i}-img.${ext}`,
        1600,
        1200,
        { r: 40 * i, g: 120, b: 200 },
      );
      await make.image({
        projectId: listed.id,
        storageKey: image.key,
        width: image.width,
        height: image.height,
        caption: `${category} ${i + 1}`,
        displayOrder: i,
        imageCategory: category,
        isFeatured: category === "photos_completed",
      });
    }
  }
};
