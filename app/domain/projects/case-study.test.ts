// The case-study fields of a project on a real database: story, quote, facets
// and the render/photo pair, through the form schema and saveProject.
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeImage, makeProject } from "#tests/helpers/factories";
import { createUser } from "#tests/helpers/users";
import { InvalidInputError } from "../errors";
import { duplicateProject } from "./project-lifecycle.server";
import { getProjectForEdit, saveProject } from "./projects.server";
import { CASE_STUDY_MESSAGES, projectFormSchema } from "./schema";

withTestDatabase();

const CLIENT = "c1111111-1111-4111-8111-111111111111";

function errors(input: Record<string, string | string[]>) {
  const result = projectFormSchema.safeParse({ title: "Sunny Park", clientId: CLIENT, ...input });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("the case-study fields in the form schema", () => {
  test("story and quote are trimmed plain text; blanks are null", () => {
    const value = projectFormSchema.parse({
      title: "A",
      clientId: CLIENT,
      storyBrief: "  One.\n\nTwo <b>bold</b>  ",
      storySolution: "",
      quoteText: "Wonderful",
      quoteAuthor: " Jane ",
      quoteRole: "",
    });
    expect(value).toMatchObject({
      storyBrief: "One.\n\nTwo <b>bold</b>",
      storySolution: null,
      storyResult: null,
      quoteText: "Wonderful",
      quoteAuthor: "Jane",
      quoteRole: null,
    });
  });

  test("a quote needs its author; an author or role needs the quote", () => {
    expect(errors({ quoteText: "Great" })).toEqual({ quoteAuthor: CASE_STUDY_MESSAGES.quoteAuthor });
    expect(errors({ quoteRole: "Principal" })).toEqual({ quoteText: CASE_STUDY_MESSAGES.quoteText });
    expect(errors({ quoteText: "Great", quoteAuthor: "Jane" })).toEqual({});
  });

  test("age groups: one or several, from the list, stored youngest first; surfacing from the list", () => {
    const one = projectFormSchema.parse({ title: "A", clientId: CLIENT, ageGroups: "5-12-years" });
    expect(one.ageGroups).toEqual(["5-12-years"]);
    const several = projectFormSchema.parse({
      title: "A",
      clientId: CLIENT,
      ageGroups: ["13-plus", "6-23-months", "13-plus"],
      inclusivePlay: "on",
      surfacing: "turf",
    });
    expect(several).toMatchObject({ ageGroups: ["6-23-months", "13-plus"], inclusivePlay: true, surfacing: "turf" });
    const none = projectFormSchema.parse({ title: "A", clientId: CLIENT, surfacing: "" });
    expect(none).toMatchObject({ ageGroups: [], inclusivePlay: false, surfacing: null });
    expect(errors({ ageGroups: ["2-5-years", "teens"] })).toEqual({ ageGroups: CASE_STUDY_MESSAGES.ageGroup });
    expect(errors({ surfacing: "lava" })).toEqual({ surfacing: CASE_STUDY_MESSAGES.surfacing });
  });

  test("the comparison pair: absent leaves it, empty is the default, else an image id", () => {
    expect(projectFormSchema.parse({ title: "A", clientId: CLIENT }).comparisonRenderId).toBeUndefined();
    expect(projectFormSchema.parse({ title: "A", clientId: CLIENT, comparisonRenderId: "" }).comparisonRenderId).toBe(
      null,
    );
    expect(errors({ comparisonPhotoId: "photo-1" })).toEqual({ comparisonPhotoId: "Not a valid image" });
  });
});

describe("saving the case-study fields", () => {
  async function setUp() {
    const me = await createUser({ role: "staff" });
    const client = await makeClient();
    const project = await makeProject({ clientId: client.id, title: "River Play" });
    const render = await makeImage({ projectId: project.id, imageCategory: "3d_renders" });
    const photo = await makeImage({ projectId: project.id, imageCategory: "photos_completed" });
    const version = (await getProjectForEdit(project.id))!.version;
    const form = (extra: Record<string, string | string[]>) =>
      projectFormSchema.parse({ title: "River Play", clientId: client.id, version, ...extra });
    return { me, client, project, render, photo, form };
  }

  test("everything is written and read back for the edit form", async () => {
    const { me, project, render, photo, form } = await setUp();
    await saveProject({
      id: project.id,
      userId: me.id,
      values: form({
        storyBrief: "Brief",
        storySolution: "Solution",
        storyResult: "Result",
        quoteText: "Lovely",
        quoteAuthor: "Jane",
        quoteRole: "Head",
        ageGroups: ["2-5-years", "5-12-years"],
        inclusivePlay: "on",
        surfacing: "mulch",
        comparisonRenderId: render.id,
        comparisonPhotoId: photo.id,
      }),
    });
    expect(await getProjectForEdit(project.id)).toMatchObject({
      storyBrief: "Brief",
      storySolution: "Solution",
      storyResult: "Result",
      quoteText: "Lovely",
      quoteAuthor: "Jane",
      quoteRole: "Head",
      ageGroups: ["2-5-years", "5-12-years"],
      inclusivePlay: true,
      surfacing: "mulch",
      comparisonRenderId: render.id,
      comparisonPhotoId: photo.id,
    });
  });

  test("a pair that is not this project's render and completed photo is refused on its field", async () => {
    const { me, client, project, render, photo, form } = await setUp();
    const other = await makeProject({ clientId: client.id });
    const elsewhere = await makeImage({ projectId: other.id, imageCategory: "3d_renders" });
    const refusal = (extra: Record<string, string>) =>
      saveProject({ id: project.id, userId: me.id, values: form(extra) }).then(
        () => null,
        (error: unknown) => error,
      );
    expect(await refusal({ comparisonRenderId: elsewhere.id })).toEqual(
      new InvalidInputError(CASE_STUDY_MESSAGES.render, "comparisonRenderId"),
    );
    // A photo is not a render, and a render is not a completed photo.
    expect(await refusal({ comparisonRenderId: photo.id })).toMatchObject({ field: "comparisonRenderId" });
    const wrong = (await refusal({ comparisonPhotoId: render.id })) as InvalidInputError;
    expect([wrong.message, wrong.field]).toEqual([CASE_STUDY_MESSAGES.photo, "comparisonPhotoId"]);
    expect((await getProjectForEdit(project.id))!.comparisonRenderId).toBeNull();
  });

  test("a save without the pair's fields keeps it; a duplicate has no pair", async () => {
    const { me, project, render, photo, form } = await setUp();
    await saveProject({
      id: project.id,
      userId: me.id,
      values: form({ comparisonRenderId: render.id, comparisonPhotoId: photo.id }),
    });
    const version = (await getProjectForEdit(project.id))!.version;
    await saveProject({ id: project.id, userId: me.id, values: { ...form({ storyResult: "Done" }), version } });
    expect(await getProjectForEdit(project.id)).toMatchObject({
      storyResult: "Done",
      comparisonRenderId: render.id,
      comparisonPhotoId: photo.id,
    });
    const copy = await duplicateProject(project.id, me.id);
    expect(await getProjectForEdit(copy.id)).toMatchObject({ comparisonRenderId: null, comparisonPhotoId: null });
  });

  test("the database refuses an unknown age group or surfacing whatever the form says", async () => {
    const client = await makeClient();
    await expect(makeProject({ clientId: client.id, surfacing: "lava" as "turf" })).rejects.toThrow();
    await expect(makeProject({ clientId: client.id, ageGroups: ["teens" as "13-plus"] })).rejects.toThrow();
  });
});
