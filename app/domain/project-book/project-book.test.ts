// The project book: the library's filters decide what it holds; one page per
// project with its facts and story as real text, its hero from a stored
// variant (never the original), and a cover and contact page around them.
import path from "node:path";
import { Readable } from "node:stream";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeImage, makeOption, makeProject } from "#tests/helpers/factories";
import { pdfImageCount, pdfPages } from "#tests/helpers/pdf-text";
import { db, schema } from "~/.server/db";
import { env } from "~/.server/env";
import { ingestImage } from "~/.server/images/ingest";
import { createLocalStorage } from "~/.server/storage";
import { libraryQuery } from "~/domain/library/library";
import { pngFile } from "../../../tests/e2e/support/images";
import { renderProjectBook } from "./book-pdf.server";
import { describeFilters, loadProjectBook } from "./project-book.server";

withTestDatabase();

const query = (search: string) => libraryQuery(new URLSearchParams(search));

async function storedPhoto(projectId: string) {
  const storage = createLocalStorage({ root: path.join(env().DATA_DIR, "uploads") });
  const { buffer } = await pngFile("hero.png", 2400, 1600);
  const image = await ingestImage(Readable.from(buffer), {
    maxBytes: 25 * 1024 * 1024,
    key: (ext) => `project-files/${projectId}/photos_completed/hero.${ext}`,
    storage,
  });
  await makeImage({
    projectId,
    imageCategory: "photos_completed",
    storageKey: image.key,
    width: image.width,
    height: image.height,
    isFeatured: true,
  });
}

describe("the project book", () => {
  test("holds the library's filtered projects, a page each, with real text and a variant as hero", async () => {
    await db().insert(schema.companySettings).values({ id: 1, name: "Acme Play", phone: "555 0100" });
    const slide = await makeOption({ optionName: "Spiral Slide" });
    const client = await makeClient({ name: "Harbour Town", location: "Bristol", industryType: null });
    const anchor = await makeProject({
      clientId: client.id,
      title: "Anchor Adventure",
      status: "completed",
      showInGallery: true,
      description: "A ship-shaped climbing frame with a lookout over the harbour.",
      endDate: "2025-05-02",
      storyBrief: "The town wanted the quay to welcome families again.",
      storySolution: "A three-deck ship with a crow's nest and a rope gangway.",
      storyResult: "Weekend visits to the quay doubled in the first summer.",
      quoteText: "The children call it their pirate ship.",
      quoteAuthor: "Jo Marsh",
      quoteRole: "Harbour Master",
      ageGroups: ["2-5-years", "5-12-years"],
      inclusivePlay: true,
      surfacing: "poured-rubber",
      capacity: 40,
      hasMainPlayground: true,
      sqFeet: "310",
      levels: 3,
      hasToddlerZone: true,
      toddlerZoneSqFeet: "120.25",
    });
    await db().insert(schema.projectOptions).values({ projectId: anchor.id, optionId: slide.id });
    await storedPhoto(anchor.id);
    await makeProject({ clientId: client.id, title: "Beacon Base", status: "completed", showInGallery: true });
    await makeProject({ clientId: client.id, title: "Draft Dock", status: "draft", showInGallery: true });

    const all = await loadProjectBook(query(""));
    expect(all.projects.map((p) => p.title)).toEqual(["Anchor Adventure", "Beacon Base"]);
    const filtered = query(`q=harbour&options=${slide.id}`);
    const book = await loadProjectBook(filtered);
    expect(book.projects.map((p) => p.title)).toEqual(["Anchor Adventure"]);
    expect(await describeFilters(filtered)).toEqual(["Search: harbour", "Playground options: Spiral Slide"]);

    const pdf = await renderProjectBook(book, {
      origin: "https://play.test",
      filters: await describeFilters(filtered),
    });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const pages = await pdfPages(pdf);
    expect(pages).toHaveLength(3);
    expect(pages[0]).toContain("Acme Play");
    expect(pages[0]).toContain("Project book");
    expect(pages[0]).toContain("Search: harbour");
    expect(pages[1]).toContain("Anchor Adventure");
    expect(pages[1]).toContain("Harbour Town");
    expect(pages[1]).toContain("May 02, 2025");
    expect(pages[1]).toContain("Spiral Slide");
    expect(pages[1]).toContain("A ship-shaped climbing frame");
    // The case study's facts and story, as on the project page.
    for (const text of [
      "Age groups",
      "2–5 years, 5–12 years",
      "Inclusive play",
      "Surfacing",
      "Poured rubber",
      "40 children at once",
      "430.25 sq ft",
      "The brief",
      "The town wanted the quay to welcome families again.",
      "Our solution",
      "A three-deck ship with a crow's nest and a rope gangway.",
      "The result",
      "Weekend visits to the quay doubled in the first summer.",
      "The children call it their pirate ship.",
      "Jo Marsh, Harbour Master",
    ]) {
      expect(pages[1], text).toContain(text);
    }
    expect(pages[2]).toContain("555 0100");
    expect(await pdfImageCount(pdf, 2)).toBe(1);
    // The hero is the 1280 px variant re-encoded, never the 2400 px original.
    expect(pdf.includes(Buffer.from("/Width 1280"))).toBe(true);
    expect(pdf.includes(Buffer.from("/Width 2400"))).toBe(false);
  });

  test("a long story is cut to the project's one page; the cover names the facet filters", async () => {
    const client = await makeClient({ name: "Longwood" });
    const long = (word: string) => Array.from({ length: 600 }, (_, i) => `${word}${i}`).join(" ");
    await makeProject({
      clientId: client.id,
      title: "Wordy Woods",
      status: "completed",
      showInGallery: true,
      ageGroups: ["2-5-years"],
      inclusivePlay: true,
      surfacing: "turf",
      description: long("about"),
      storyBrief: long("brief"),
      storySolution: long("solution"),
      storyResult: long("result"),
      quoteText: "Short and sweet.",
      quoteAuthor: "A. Parent",
    });
    const filtered = query("age=2-5-years&inclusive=yes&surfacing=turf");
    const book = await loadProjectBook(filtered);
    expect(book.projects.map((p) => p.title)).toEqual(["Wordy Woods"]);
    const filters = await describeFilters(filtered);
    expect(filters).toEqual(["Age groups: 2–5 years", "Inclusive play", "Surfacing: Turf"]);
    const pages = await pdfPages(await renderProjectBook(book, { origin: "https://play.test", filters }));
    expect(pages).toHaveLength(3);
    expect(pages[0]).toContain("Surfacing: Turf");
    expect(pages[1]).toContain("Wordy Woods");
    expect(pages[1]).toContain("The brief");
  });
});
