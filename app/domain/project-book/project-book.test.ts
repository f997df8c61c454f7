// The project book: the library's filters decide what it holds; one page per
// project with its facts and story as real text, its hero from a stored
// variant (never the original), and a cover and contact page around them.
import path from "node:path";
import { Readable } from "node:stream";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeImage, makeOption, makeProject } from "#tests/helpers/factories";
import { overlappingText, pdfImageCount, pdfInfo, pdfLinks, pdfPages, pdfTextBoxes } from "#tests/helpers/pdf-text";
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
  // Wider than the 1280 px the book prints, and no wider than needed: ingesting is this file's main cost.
  const { buffer } = await pngFile("hero.png", 1400, 933);
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
      publicUrl: "https://play.test",
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
    // The hero is the 1280 px variant re-encoded, never the 1400 px original.
    expect(pdf.includes(Buffer.from("/Width 1280"))).toBe(true);
    expect(pdf.includes(Buffer.from("/Width 1400"))).toBe(false);
  });

  test("a long story flows on, never cut: every word is there, on as many pages as it needs", async () => {
    const client = await makeClient({ name: "Longwood" });
    const long = (word: string) => Array.from({ length: 600 }, (_, i) => `${word}${i}`).join(" ");
    const options = await Promise.all(
      ["Rope Bridge", "Climbing Net", "Sand Digger", "Talking Tubes", "Balance Beam"].map((optionName) =>
        makeOption({ optionName }),
      ),
    );
    const wordy = await makeProject({
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
      capacity: 25,
      themeStyle: "Forest",
      hasMainPlayground: true,
      sqFeet: "900",
      levels: 2,
    });
    await db()
      .insert(schema.projectOptions)
      .values(options.map((option) => ({ projectId: wordy.id, optionId: option.id })));
    await storedPhoto(wordy.id);
    const filtered = query("age=2-5-years&inclusive=yes&surfacing=turf");
    const book = await loadProjectBook(filtered);
    expect(book.projects.map((p) => p.title)).toEqual(["Wordy Woods"]);
    const filters = await describeFilters(filtered);
    expect(filters).toEqual(["Age groups: 2–5 years", "Inclusive play", "Surfacing: Turf"]);
    const pdf = await renderProjectBook(book, { publicUrl: "https://play.test", filters });
    const pages = await pdfPages(pdf);
    expect(pages[0]).toContain("Surfacing: Turf");
    // Nothing is written over anything else: title, link, facts, story, continued headings, footers.
    for (const page of pages.keys()) {
      expect(overlappingText(await pdfTextBoxes(pdf, page + 1)), `page ${page + 1}`).toEqual([]);
    }
    const story = pages.slice(1, -1);
    expect(story.length).toBeGreaterThan(1);
    const words = story.join(" ").split(/\s+/);
    for (const part of ["about", "brief", "solution", "result"]) {
      for (const n of [0, 300, 599]) expect(words, `${part}${n}`).toContain(`${part}${n}`);
    }
    expect(story.join(" ")).toContain("Short and sweet.");
    expect(story.join(" ")).not.toContain("…");
    // A page the story runs on to says whose story it is.
    for (const page of story.slice(1)) expect(page).toContain("Wordy Woods (continued)");
  });

  test("a story of a few paragraphs is never cut while the page has room", async () => {
    const client = await makeClient({ name: "Castle Council" });
    const paragraph = (n: number) =>
      `Paragraph ${n} of the brief tells what the client asked for and why it mattered to the children and to the grown-ups who bring them every day of the week.`;
    await makeProject({
      clientId: client.id,
      title: "Keep Castle",
      status: "completed",
      showInGallery: true,
      description: "Turrets, a drawbridge and a dungeon crawl tunnel.",
      storyBrief: [1, 2, 3].map(paragraph).join("\n\n"),
      storySolution: "Built in 3D with the client first.",
      storyResult: "Installed in eleven days.",
    });
    const book = await loadProjectBook(query("q=keep castle"));
    const pages = await pdfPages(await renderProjectBook(book, { publicUrl: null, filters: [] }));
    expect(pages).toHaveLength(3);
    expect(pages[1]).toContain("Paragraph 3 of the brief tells what the client asked for");
    expect(pages[1]).toContain("every day of the week.");
    expect(pages[1]).not.toContain("…");
  });

  test("the company's logo and name, page numbers, and a link back to each case study from PUBLIC_URL", async () => {
    const storage = createLocalStorage({ root: path.join(env().DATA_DIR, "uploads") });
    const { buffer } = await pngFile("logo.png", 400, 200);
    const logo = await ingestImage(Readable.from(buffer), {
      maxBytes: 5 * 1024 * 1024,
      key: (ext) => `company/book-logo.${ext}`,
      storage,
    });
    await db()
      .insert(schema.companySettings)
      .values({ id: 1, name: "Acme Play", logoKey: logo.key, logoWidth: logo.width, logoHeight: logo.height })
      .onConflictDoUpdate({
        target: schema.companySettings.id,
        set: { name: "Acme Play", logoKey: logo.key, logoWidth: logo.width, logoHeight: logo.height },
      });
    const client = await makeClient({ name: "Link Council" });
    const named = await makeProject({
      clientId: client.id,
      title: "Linked Lookout",
      projectName: "linked-lookout",
      status: "completed",
      showInGallery: true,
    });
    const nameless = await makeProject({
      clientId: client.id,
      title: "Linked Nook",
      status: "completed",
      showInGallery: true,
    });
    const book = await loadProjectBook(query("q=linked"));
    const pdf = await renderProjectBook(book, { publicUrl: "https://play.test", filters: [] });
    const pages = await pdfPages(pdf);
    expect(pages).toHaveLength(4);
    expect(pages[0]).toContain("Acme Play");
    expect(await pdfImageCount(pdf, 1)).toBe(1); // the logo on the cover
    for (const [index, text] of pages.entries()) {
      if (index > 0) expect(text, `page ${index + 1}`).toContain(`Page ${index + 1} of 4`);
      if (index > 0) expect(text, `page ${index + 1}`).toContain("Acme Play");
      expect(text).not.toContain("Playfolio");
    }
    expect(await pdfImageCount(pdf, 2)).toBe(1); // no hero here: the footer's logo
    expect(pages[1]).toContain("https://play.test/linked-lookout");
    expect(await pdfLinks(pdf, 2)).toContain("https://play.test/linked-lookout");
    expect(await pdfLinks(pdf, 3)).toContain(`https://play.test/projects/${nameless.id}/preview`);
    expect(named.projectName).toBe("linked-lookout");
    // The contact page gives the public address.
    expect(pages[3]).toContain("https://play.test");
    expect(await pdfInfo(pdf)).toMatchObject({ Title: "Acme Play project book", Author: "Acme Play" });

    // Without PUBLIC_URL, no address at all: never one made up from where the server happens to run.
    const local = await renderProjectBook(book, { publicUrl: null, filters: [] });
    const localPages = await pdfPages(local);
    expect(localPages.join(" ")).not.toMatch(/https?:\/\//);
    for (const page of [2, 3, 4]) expect(await pdfLinks(local, page)).toEqual([]);
  });
});
