// The public project page's data on a real database: the hero's choice, the
// render/photo pair (chosen, stale, default), alt text apart from captions, the
// total play area and the case-study fields, still in one round trip.
import { describe, expect, test } from "vitest";
import { caseStudyFields } from "#tests/factories";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeImage, makeOption, makeProject } from "#tests/helpers/factories";
import { eq } from "drizzle-orm";
import { db, schema } from "~/.server/db";
import { findPublicProject } from "./project-page.server";

withTestDatabase();

async function project(values: Partial<Parameters<typeof makeProject>[0]> = {}) {
  const client = await makeClient({ name: "Harbour Council" });
  return makeProject({ clientId: client.id, title: "Harbour Play", ...values });
}

const image = (projectId: string, imageCategory: "3d_renders" | "photos_installation" | "photos_completed", i = 0) =>
  makeImage({ projectId, imageCategory, displayOrder: i, caption: `${imageCategory} ${i + 1}` });

describe("the public project page's data", () => {
  test("the hero: the featured image, else the first completed photo, else the first render", async () => {
    const p = await project();
    expect((await findPublicProject({ id: p.id }))!.hero).toBeNull();
    await image(p.id, "photos_installation");
    expect((await findPublicProject({ id: p.id }))!.hero).toBeNull();
    await image(p.id, "3d_renders");
    expect((await findPublicProject({ id: p.id }))!.hero?.caption).toBe("3d_renders 1");
    await image(p.id, "photos_completed", 1);
    await image(p.id, "photos_completed", 0);
    expect((await findPublicProject({ id: p.id }))!.hero?.caption).toBe("photos_completed 1");
    const featured = await makeImage({
      projectId: p.id,
      imageCategory: "photos_installation",
      displayOrder: 1,
      isFeatured: true,
    });
    const page = (await findPublicProject({ id: p.id }))!;
    expect(page.hero?.id).toBe(featured.id);
    expect(page.coverImage).toEqual(page.hero?.sources);
  });

  test("render versus reality: the chosen pair, else the first of each; none without both", async () => {
    const p = await project();
    const firstRender = await image(p.id, "3d_renders", 0);
    const secondRender = await image(p.id, "3d_renders", 1);
    expect((await findPublicProject({ id: p.id }))!.comparison).toBeNull();
    const firstPhoto = await image(p.id, "photos_completed", 0);
    let page = (await findPublicProject({ id: p.id }))!;
    expect([page.comparison?.render.id, page.comparison?.photo.id]).toEqual([firstRender.id, firstPhoto.id]);
    await db().update(schema.projects).set({ comparisonRenderId: secondRender.id }).where(eq(schema.projects.id, p.id));
    page = (await findPublicProject({ id: p.id }))!;
    expect(page.comparison?.render.id).toBe(secondRender.id);
    // A pair pointing at a deleted image (no foreign key on purpose) falls back to the first.
    await db().delete(schema.projectImages).where(eq(schema.projectImages.id, secondRender.id));
    page = (await findPublicProject({ id: p.id }))!;
    expect(page.comparison?.render.id).toBe(firstRender.id);
  });

  test("alt text: its own, else the caption, else what and where it is", async () => {
    const p = await project();
    await makeImage({
      projectId: p.id,
      imageCategory: "3d_renders",
      displayOrder: 0,
      caption: "Tower",
      altText: "A red timber tower",
    });
    await makeImage({ projectId: p.id, imageCategory: "3d_renders", displayOrder: 1, caption: "Bridge" });
    await makeImage({ projectId: p.id, imageCategory: "3d_renders", displayOrder: 2 });
    const renders = (await findPublicProject({ id: p.id }))!.images["3d_renders"];
    expect(renders.map((r) => [r.alt, r.caption])).toEqual([
      ["A red timber tower", "Tower"],
      ["Bridge", "Bridge"],
      ["Harbour Play, 3D render 3", null],
    ]);
  });

  test("facts: total play area of the included zones, most levels, the story, the quote and the facets", async () => {
    const net = await makeOption({
      optionName: "Net",
      imageKey: "option-images/net.jpg",
      imageWidth: 400,
      imageHeight: 400,
    });
    const slide = await makeOption({ optionName: "Slide" });
    const p = await project({
      ...caseStudyFields(),
      capacity: 40,
      hasMainPlayground: true,
      sqFeet: "310",
      levels: 3,
      hasToddlerZone: true,
      toddlerZoneSqFeet: "120.25",
      toddlerZoneLevels: 1,
      // Not included: its area does not count.
      hasSportCourt: false,
      sportCourtSqFeet: "999",
      sportCourtLevels: 9,
    });
    await db()
      .insert(schema.projectOptions)
      .values([
        { projectId: p.id, optionId: net.id },
        { projectId: p.id, optionId: slide.id },
      ]);
    const page = (await findPublicProject({ id: p.id }))!;
    expect(page).toMatchObject({
      totalSqFeet: "430.25",
      levels: 3,
      capacity: 40,
      story: { brief: expect.stringContaining("valley"), solution: expect.any(String), result: expect.any(String) },
      quote: { author: "Jane Harper", role: "Parks Manager" },
      ageGroups: ["2-5-years", "5-12-years"],
      inclusivePlay: true,
      surfacing: "poured-rubber",
    });
    expect(page.options.map((o) => [o.name, o.image === null])).toEqual([
      ["Net", false],
      ["Slide", true],
    ]);
  });

  test("no story, no quote, no areas: nothing made up", async () => {
    const p = await project({ quoteAuthor: "Orphan Author" });
    const page = (await findPublicProject({ id: p.id }))!;
    expect(page).toMatchObject({
      totalSqFeet: null,
      levels: null,
      capacity: null,
      story: { brief: null, solution: null, result: null },
      quote: null,
      ageGroups: [],
      inclusivePlay: false,
      surfacing: null,
    });
  });
});
