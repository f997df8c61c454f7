import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeImage, makeOption, makeProject } from "#tests/helpers/factories";
import { db, schema } from "~/.server/db";
import { libraryQuery } from "./library";
import { searchLibrary } from "./library.server";
import { findProjectDialog, searchProjectGallery } from "./project-gallery.server";

withTestDatabase();

const listed = { status: "completed" as const, showInGallery: true };
const query = (params: Record<string, string | string[]>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) for (const v of [value].flat()) search.append(key, v);
  return libraryQuery(search);
};
const titles = async (params: Record<string, string | string[]>) =>
  (await searchLibrary(query(params))).cards.map((card) => card.title);

describe("the Project Library", () => {
  test("shows listed projects only (shown in gallery and completed), sorted by title", async () => {
    const client = await makeClient({ name: "Visibility Client" });
    await makeProject({ clientId: client.id, title: "vis Zebra Crossing", ...listed });
    await makeProject({ clientId: client.id, title: "vis alpine slide", ...listed });
    await makeProject({ clientId: client.id, title: "vis Draft", status: "draft", showInGallery: true });
    await makeProject({ clientId: client.id, title: "vis Hidden", status: "completed", showInGallery: false });
    expect(await titles({ q: "vis " })).toEqual(["vis alpine slide", "vis Zebra Crossing"]);
  });

  test("searches title, client name and description, case-insensitively, wildcards taken literally", async () => {
    const acme = await makeClient({ name: "ACME Leisure" });
    const other = await makeClient({ name: "Other" });
    await makeProject({ clientId: other.id, title: "Search by Title SPLASHY", ...listed });
    await makeProject({ clientId: acme.id, title: "Search by client", ...listed });
    await makeProject({
      clientId: other.id,
      title: "Search by description",
      description: "a splashy water zone",
      ...listed,
    });
    expect(await titles({ q: "splashy" })).toEqual(["Search by description", "Search by Title SPLASHY"]);
    expect(await titles({ q: "acme leis" })).toEqual(["Search by client"]);
    expect(await titles({ q: "100%" })).toEqual([]);
  });

  test("searches the client's location too", async () => {
    const york = await makeClient({ name: "Minster Trust", location: "York, UK" });
    const leeds = await makeClient({ name: "Aire Trust", location: "Leeds, UK" });
    await makeProject({ clientId: york.id, title: "Walls Walk", ...listed });
    await makeProject({ clientId: leeds.id, title: "Canal Climb", ...listed });
    expect(await titles({ q: "york" })).toEqual(["Walls Walk"]);
  });

  test("filters by the client's industry", async () => {
    await db()
      .insert(schema.industryTypes)
      .values([{ name: "Zoos" }, { name: "Ports" }]);
    const zoo = await makeClient({ industryType: "Zoos" });
    const port = await makeClient({ industryType: "Ports" });
    await makeProject({ clientId: zoo.id, title: "Industry Lion Lookout", ...listed });
    await makeProject({ clientId: port.id, title: "Industry Harbour Climb", ...listed });
    expect(await titles({ q: "Industry", industry: "Zoos" })).toEqual(["Industry Lion Lookout"]);
  });

  test("a project must have ALL the chosen options", async () => {
    const client = await makeClient();
    const [slide, net, swing] = [await makeOption(), await makeOption(), await makeOption()];
    const both = await makeProject({ clientId: client.id, title: "Options Both", ...listed });
    const one = await makeProject({ clientId: client.id, title: "Options One", ...listed });
    const all = await makeProject({ clientId: client.id, title: "Options All", ...listed });
    await db()
      .insert(schema.projectOptions)
      .values([
        { projectId: both.id, optionId: slide.id },
        { projectId: both.id, optionId: net.id },
        { projectId: one.id, optionId: slide.id },
        { projectId: all.id, optionId: slide.id },
        { projectId: all.id, optionId: net.id },
        { projectId: all.id, optionId: swing.id },
      ]);
    expect(await titles({ options: [slide.id] })).toEqual(["Options All", "Options Both", "Options One"]);
    expect(await titles({ options: [slide.id, net.id] })).toEqual(["Options All", "Options Both"]);
    expect(await titles({ options: `${slide.id},${net.id},${swing.id}` })).toEqual(["Options All"]);
    // Repeated or malformed ids neither break the query nor change the meaning.
    expect(await titles({ options: [slide.id, slide.id, "not-a-uuid"] })).toEqual([
      "Options All",
      "Options Both",
      "Options One",
    ]);
  });

  test("cards carry what the spec lists, and pages hold 24", async () => {
    const client = await makeClient({ name: "Paging Client", location: "Bath", website: "javascript:alert(1)" });
    for (let i = 0; i < 30; i++) {
      await makeProject({
        clientId: client.id,
        title: `Paging ${String(i).padStart(2, "0")}`,
        projectName: `paging-${i}`,
        ...listed,
      });
    }
    const first = await searchLibrary(query({ q: "Paging" }));
    expect(first).toMatchObject({ total: 30, pageCount: 2 });
    expect(first.cards).toHaveLength(24);
    expect(first.cards[0]).toMatchObject({
      title: "Paging 00",
      href: "/paging-0",
      imageCount: 0,
      videoCount: 0,
      client: { name: "Paging Client", location: "Bath", website: null },
    });
    expect((await searchLibrary(query({ q: "Paging", page: "2" }))).cards).toHaveLength(6);
  });

  test("a card leads with the project's featured photo (else its first completed photo), as sized variants", async () => {
    const client = await makeClient({ name: "Photo Client" });
    const featured = await makeProject({ clientId: client.id, title: "Photo Featured", ...listed });
    await makeImage({ projectId: featured.id, imageCategory: "photos_completed", storageKey: "p/first.png" });
    await makeImage({
      projectId: featured.id,
      imageCategory: "photos_installation",
      storageKey: "p/featured.png",
      altText: null,
      width: 1600,
      height: 1200,
      isFeatured: true,
    });
    const plain = await makeProject({ clientId: client.id, title: "Photo Plain", ...listed });
    await makeImage({ projectId: plain.id, imageCategory: "3d_renders", storageKey: "p/render.png", displayOrder: 0 });
    await makeImage({
      projectId: plain.id,
      imageCategory: "photos_completed",
      storageKey: "p/done.png",
      displayOrder: 1,
      caption: "The finished tower",
    });
    await makeProject({ clientId: client.id, title: "Photo None", ...listed });

    const cards = (await searchLibrary(query({ q: "Photo" }))).cards;
    expect(cards.map((card) => card.title)).toEqual(["Photo Featured", "Photo None", "Photo Plain"]);
    expect(cards[0]!.photo).toMatchObject({ width: 1600, height: 1200, alt: "Photo of Photo Featured" });
    expect(cards[0]!.photo?.srcSet).toMatch(/p\/featured.*\.webp 640w/);
    expect(cards[1]!.photo).toBeNull();
    expect(cards[2]!.photo).toMatchObject({ alt: "The finished tower", srcSet: expect.stringMatching(/p\/done/) });
  });
});

describe("the library's facets", () => {
  // Each test names its projects with a word of its own, so the counts see only them.
  // The word holds a letter past "f": the factories' default names end in hex, and a
  // search for "Fb" once matched "Client 3afb12" from another test.
  async function facetProjects(word: string) {
    await db()
      .insert(schema.industryTypes)
      .values([{ name: `${word} Schools` }, { name: `${word} Parks` }]);
    const school = await makeClient({ industryType: `${word} Schools` });
    const park = await makeClient({ industryType: `${word} Parks` });
    const net = await makeOption();
    const make = (title: string, clientId: string, values: Partial<Parameters<typeof makeProject>[0]>) =>
      makeProject({ clientId, title: `${word} ${title}`, ...listed, ...values });
    const a = await make("A", school.id, {
      ageGroups: ["2-5-years", "5-12-years"],
      inclusivePlay: true,
      surfacing: "poured-rubber",
    });
    await make("B", school.id, { ageGroups: ["5-12-years"], surfacing: "mulch" });
    const c = await make("C", park.id, {
      ageGroups: ["5-12-years", "13-plus"],
      inclusivePlay: true,
      surfacing: "poured-rubber",
    });
    await make("D", park.id, { ageGroups: [] });
    // Not listed: never counted.
    await makeProject({ clientId: park.id, title: `${word} Draft`, ageGroups: ["13-plus"], inclusivePlay: true });
    await db()
      .insert(schema.projectOptions)
      .values([
        { projectId: a.id, optionId: net.id },
        { projectId: c.id, optionId: net.id },
      ]);
    return { net, school: `${word} Schools`, park: `${word} Parks` };
  }

  test("age groups (all chosen), inclusive play and surfacing filter the cards", async () => {
    await facetProjects("Qa");
    expect(await titles({ q: "Qa ", age: "5-12-years" })).toEqual(["Qa A", "Qa B", "Qa C"]);
    expect(await titles({ q: "Qa ", age: ["5-12-years", "13-plus"] })).toEqual(["Qa C"]);
    expect(await titles({ q: "Qa ", age: "5-12-years,2-5-years" })).toEqual(["Qa A"]);
    expect(await titles({ q: "Qa ", inclusive: "yes" })).toEqual(["Qa A", "Qa C"]);
    expect(await titles({ q: "Qa ", surfacing: "mulch" })).toEqual(["Qa B"]);
    expect(await titles({ q: "Qa ", surfacing: "poured-rubber", age: "13-plus", inclusive: "yes" })).toEqual(["Qa C"]);
    // Unknown values are ignored, never an error.
    expect(await titles({ q: "Qa ", age: "teens", surfacing: "lava", inclusive: "maybe" })).toHaveLength(4);
  });

  test("each choice counts the projects it would leave, with the other filters applied", async () => {
    const { net, school, park } = await facetProjects("Qb");
    let { facets } = await searchLibrary(query({ q: "Qb " }));
    expect(facets).toEqual({
      ages: { "6-23-months": 0, "2-5-years": 1, "5-12-years": 3, "13-plus": 1 },
      inclusive: 2,
      surfacing: { "poured-rubber": 2, turf: 0, mulch: 1, sand: 0, other: 0 },
      industries: { [school]: 2, [park]: 2 },
      options: { [net.id]: 2 },
    });
    // Inclusive play chosen: every count narrows; the surfacing and industry
    // choices count as alternatives to their own current choice.
    ({ facets } = await searchLibrary(
      query({ q: "Qb ", inclusive: "yes", surfacing: "poured-rubber", industry: school }),
    ));
    expect(facets).toMatchObject({
      ages: { "2-5-years": 1, "5-12-years": 1, "13-plus": 0 },
      inclusive: 1,
      surfacing: { "poured-rubber": 1, mulch: 0 },
      industries: { [school]: 1, [park]: 1 },
      options: { [net.id]: 1 },
    });
    // No project left: no cards, and the counts still say where the others are.
    const none = await searchLibrary(query({ q: "Qb ", surfacing: "sand" }));
    expect(none).toMatchObject({ cards: [], total: 0, pageCount: 1 });
    expect(none.facets.surfacing).toMatchObject({ "poured-rubber": 2, mulch: 1, sand: 0 });
  });
});

describe("the public project gallery", () => {
  test("listed projects, newest first, searched over title and description, with the industries found", async () => {
    await db().insert(schema.industryTypes).values({ name: "Gallery Industry" });
    const client = await makeClient({ industryType: "Gallery Industry" });
    await makeProject({ clientId: client.id, title: "PG older", description: "wooden", ...listed });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await makeProject({ clientId: client.id, title: "PG newer", description: "wooden", ...listed });
    await makeProject({ clientId: client.id, title: "PG draft wooden", status: "draft" });
    const result = await searchProjectGallery({ q: "wooden", industry: "", page: 1 });
    expect(result.cards.map((card) => card.title)).toEqual(["PG newer", "PG older"]);
    expect(result.industries).toContain("Gallery Industry");
    expect(result.cards[0]).toMatchObject({ cover: null, industryType: "Gallery Industry" });
    // The grid carries what it shows: the dialog's pictures come with the dialog.
    expect(result.cards[0]).not.toHaveProperty("images");
  });

  test("a card's dialog: every picture in order, for listed projects only", async () => {
    const client = await makeClient({ name: "Dialog Client" });
    const project = await makeProject({ clientId: client.id, title: "PG dialog", projectName: "pg-dialog", ...listed });
    const draft = await makeProject({ clientId: client.id, title: "PG dialog draft", status: "draft" });
    const image = (category: "3d_renders" | "photos_completed", order: number, caption: string) => ({
      projectId: project.id,
      storageKey: `project-files/${project.id}/${category}/${order}-${caption}_avif.jpg`,
      width: 800,
      height: 600,
      caption,
      displayOrder: order,
      imageCategory: category,
    });
    await db()
      .insert(schema.projectImages)
      .values([
        { ...image("photos_completed", 0, "done"), altText: "The finished playground from the gate" },
        image("3d_renders", 1, "second"),
        image("3d_renders", 0, "first"),
      ]);

    const dialog = await findProjectDialog(project.id);
    expect(dialog).toMatchObject({ title: "PG dialog", href: "/pg-dialog", clientName: "Dialog Client" });
    expect(dialog!.images.map((i) => i.caption)).toEqual(["first", "second", "done"]);
    // The alt text travels apart from the caption (null: the caption serves).
    expect(dialog!.images.map((i) => i.altText)).toEqual([null, null, "The finished playground from the gate"]);
    expect(dialog!.images[0]!.sources.avifSrcSet).toContain("_w640.avif 640w");
    expect(await findProjectDialog(draft.id)).toBeNull();

    const card = (await searchProjectGallery({ q: "PG dialog", industry: "", page: 1 })).cards[0]!;
    expect(card.cover?.src).toContain("/3d_renders/0-first_avif_w800.webp");
  });
});
