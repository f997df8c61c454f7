// About 30 playgrounds in every status through the import, then what it does not carry: dimensions,
// options, videos, the built ones' story, and pictures in every category, each render paired with the
// photo of its scene (render versus reality).
import { eq } from "drizzle-orm";
import sharp, { type Sharp } from "sharp";
import { schema } from "~/.server/db";
import { projectImageKey } from "~/domain/media/stored-files.server";
import { scaled, sceneSvg, storeOnceThenCopy } from "../images";
import { daysAgo, type Demo, importFile, records, typed } from "../lib";

type ImageCategory = (typeof schema.IMAGE_CATEGORIES)[number];

const PICTURES = 8;
const CATEGORIES: ImageCategory[] = ["3d_renders", "photos_installation", "photos_completed"];
const VIEWS = ["from the entrance", "from the side", "from the path"];

/** What a picture shows, apart from its caption; installation photos keep the default, their caption. */
function altText(title: string, theme: string, category: ImageCategory, order: number): string | null {
  const scene = `two posts carrying a deck, with a curved slide down to the ground, seen ${VIEWS[order % VIEWS.length]}`;
  if (category === "3d_renders") return `3D render of the ${theme.toLowerCase()} play structure: ${scene}`;
  if (category === "photos_completed") return `${title} as built: ${scene}`;
  return null;
}

export default async function seedProjects(demo: Demo): Promise<void> {
  const { db, pictureScale } = demo;
  await importFile(demo, "projects", "projects.csv");
  // Each scene twice: as built (a photo) and as designed (the render: cool and flat).
  const size = [scaled(960, pictureScale), scaled(720, pictureScale)] as const;
  const jpeg = (picture: Sharp) => picture.jpeg({ quality: 80 }).toBuffer();
  const photos = await Promise.all(
    Array.from({ length: PICTURES }, (_, i) => jpeg(sharp(Buffer.from(sceneSvg(i, ...size))))),
  );
  const renders = await Promise.all(
    photos.map((photo) => jpeg(sharp(photo).grayscale().tint({ r: 110, g: 150, b: 220 }))),
  );
  const copies = storeOnceThenCopy();
  const store = (scene: number, projectId: string, category: ImageCategory) => {
    const render = category === "3d_renders";
    const picture = scene % PICTURES;
    return copies(picture + (render ? PICTURES : 0), (render ? renders : photos)[picture]!, (ext) =>
      projectImageKey(projectId, category, ext),
    );
  };
  const options = await db
    .select({ id: schema.playgroundOptions.id, name: schema.playgroundOptions.optionName })
    .from(schema.playgroundOptions);

  for (const [index, row] of records("projects.csv").entries()) {
    const title = row["Project Title"]!;
    const [project] = await db
      .update(schema.projects)
      .set({ ...typed(schema.projects, row), hasMainPlayground: true, createdAt: daysAgo(row.daysOld!) })
      .where(eq(schema.projects.title, title))
      .returning({ id: schema.projects.id, status: schema.projects.status });
    const projectId = project!.id;
    const wanted = row.options!.split("|");
    const chosen = options.filter((option) => wanted.includes(option.name));
    if (chosen.length)
      await db.insert(schema.projectOptions).values(chosen.map((option) => ({ projectId, optionId: option.id })));
    await db.insert(schema.projectVideos).values(
      row.videos!.split("|").map((youtubeId, i) => ({
        projectId,
        title: i === 0 ? `${title} 3D walkthrough` : `${title} opening day`,
        youtubeUrl: `https://www.youtube.com/watch?v=${youtubeId}`,
        youtubeId,
        videoCategory: i === 0 ? ("3d_renders" as const) : ("real_videos" as const),
        displayOrder: i,
      })),
    );

    const done = project!.status === "completed";
    const featured: ImageCategory = done ? "photos_completed" : "3d_renders";
    const firstOf: Partial<Record<ImageCategory, string[]>> = {};
    for (const [c, category] of CATEGORIES.entries()) {
      const count = 2 + ((index + c) % 5 === 0 ? 1 : 0);
      // Renders and completed photos show the same scenes, in the same order: they pair up.
      const shift = category === "photos_installation" ? 1 : 0;
      const stored = await Promise.all(
        Array.from({ length: count }, (_, i) => store(index * 3 + i + shift, projectId, category)),
      );
      const rows = await db
        .insert(schema.projectImages)
        .values(
          stored.map((image, order) => ({
            projectId,
            imageCategory: category,
            storageKey: image.key,
            width: image.width,
            height: image.height,
            caption: order
              ? null
              : `${title}: ${category === "3d_renders" ? "concept render" : "view from the entrance"}`,
            altText: altText(title, row.themeStyle!, category, order),
            isFeatured: category === featured && order === 0,
            displayOrder: order,
          })),
        )
        .returning({ id: schema.projectImages.id });
      firstOf[category] = rows.map((image) => image.id);
    }
    // Every other built project compares its second pair, as staff may choose.
    const [render, photo] = [firstOf["3d_renders"]?.[1], firstOf.photos_completed?.[1]];
    if (done && index % 2 === 1 && render && photo) {
      await db
        .update(schema.projects)
        .set({ comparisonRenderId: render, comparisonPhotoId: photo })
        .where(eq(schema.projects.id, projectId));
    }
  }
}
