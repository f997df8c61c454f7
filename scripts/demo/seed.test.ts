// `npm run demo` shows every part of a case study: the real demo seed on a data
// dir of its own (embedded database, pictures through the real pipeline), read
// back through the public pages' own queries.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { type Database, db, schema, setDatabase } from "~/.server/db";
import { openDatabase } from "~/.server/db/client";
import { createLocalStorage, setStorage } from "~/.server/storage";
import { getDashboardCounts } from "~/domain/dashboard/dashboard.server";
import { recentImports } from "~/domain/import/batches.server";
import { listInquiries } from "~/domain/inquiries/inquiries.server";
import { INQUIRY_STATUSES } from "~/domain/inquiries/schema";
import { searchLibrary } from "~/domain/library/library.server";
import { libraryQuery } from "~/domain/library/library";
import type { PublicProject } from "~/domain/library/project-page";
import { findPublicProject } from "~/domain/library/project-page.server";
import { localToday } from "~/domain/contracts/rules";
import { listComments } from "~/domain/proposals/thread.server";
import { getProposal, listProposals } from "~/domain/proposals/proposals.server";
import { listTemplates } from "~/domain/proposals/templates.server";
import { PROPOSAL_STATUSES } from "~/tables/proposals";
import { readContent } from "~/domain/proposals/content";
import { eq } from "drizzle-orm";
import { seedDemoDataDir } from "./seed";

let database: Database | undefined;
let built: PublicProject[] = [];
// A data dir of the demo's own, and its storage: the worker's is shared with other test files.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-demo-seed-"));

beforeAll(async () => {
  setStorage(createLocalStorage({ root: path.join(dataDir, "uploads") }));
  // Small pictures: the same pipeline and rows, a fraction of the encoding; and the
  // run's migrated dump, the same as the build's template, which a run without a build lacks (decision 0088).
  await seedDemoDataDir(dataDir, { pictureScale: 0.25, template: inject("pgliteDumpPath") });
  database = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "db") });
  setDatabase(database);
  const rows = await db().select({ id: schema.projects.id, status: schema.projects.status }).from(schema.projects);
  const completed = rows.filter((row) => row.status === "completed");
  built = (await Promise.all(completed.map((row) => findPublicProject({ id: row.id })))).map((page) => page!);
}, 180_000);

afterAll(async () => {
  setDatabase(undefined);
  await database?.close();
  setStorage(undefined);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("the demo's case studies", () => {
  test("every built project fills each part of the page", () => {
    expect(built.length).toBeGreaterThan(10);
    for (const page of built) {
      const where = `${page.title}:`;
      expect(page.hero, `${where} hero`).not.toBeNull();
      expect(page.client.location, `${where} location`).toBeTruthy();
      expect(page.client.industryType, `${where} sector`).toBeTruthy();
      expect(page.endDate, `${where} installation date`).toBeTruthy();
      expect(page.ageGroups.length, `${where} age groups`).toBeGreaterThan(0);
      expect(page.surfacing, `${where} surfacing`).not.toBeNull();
      expect(page.capacity, `${where} capacity`).not.toBeNull();
      expect(page.totalSqFeet, `${where} total play area`).not.toBeNull();
      expect(page.levels, `${where} levels`).not.toBeNull();
      expect(page.options.length, `${where} options`).toBeGreaterThan(0);
      expect(Object.values(page.story).every(Boolean), `${where} the brief, our solution, the result`).toBe(true);
      expect(page.quote?.role, `${where} quote with author and role`).toBeTruthy();
      expect(page.comparison, `${where} render versus reality`).not.toBeNull();
      expect(page.videos.length, `${where} videos`).toBeGreaterThan(0);
      for (const images of Object.values(page.images)) expect(images.length, `${where} images`).toBeGreaterThan(0);
    }
  });

  test("between them they show every variant: a chosen pair, option pictures, inclusive play or not, alt text of its own", () => {
    const pairs = built.map((page) => page.comparison!);
    const chosen = built.filter((page) => page.comparison!.render.id !== page.images["3d_renders"][0]!.id);
    expect(chosen.length).toBeGreaterThan(0);
    expect(chosen.length).toBeLessThan(pairs.length);
    expect(built.some((page) => page.options.some((option) => option.image))).toBe(true);
    expect(new Set(built.map((page) => page.inclusivePlay))).toEqual(new Set([true, false]));
    // Alt text written apart from the caption (describing the picture), not the caption again.
    for (const page of built) {
      const images = Object.values(page.images).flat();
      expect(
        images.some((image) => image.caption && image.alt !== image.caption),
        `${page.title}: an image with alt text of its own`,
      ).toBe(true);
    }
  });

  test("the library's facets: every choice has projects behind it", async () => {
    const { facets, total } = await searchLibrary(libraryQuery(new URLSearchParams()));
    expect(total).toBeGreaterThan(10);
    for (const [group, count] of Object.entries(facets.ages)) expect(count, group).toBeGreaterThan(0);
    for (const [surfacing, count] of Object.entries(facets.surfacing)) expect(count, surfacing).toBeGreaterThan(0);
    expect(facets.inclusive).toBeGreaterThan(0);
    expect(facets.inclusive).toBeLessThan(total);
  });

  test("the clients and projects came in through the import, and the inquiries are in every state", async () => {
    expect((await recentImports()).map((batch) => batch.fileName).sort()).toEqual(["clients.csv", "projects.csv"]);
    const { rows } = await listInquiries({ page: 1 });
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(INQUIRY_STATUSES));
    expect(rows.every((row) => row.sourceTitle)).toBe(true);
    expect((await getDashboardCounts()).newInquiries).toBeGreaterThan(0);
  });
});

describe("the demo's proposals", () => {
  test("one in every status, the accepted one with its contract and won inquiry, one compared over two sent versions, a template", async () => {
    const today = localToday();
    const { rows } = await listProposals({ page: 1 }, today);
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(PROPOSAL_STATUSES));
    const proposals = await Promise.all(rows.map((row) => getProposal(row.id, today)));
    const accepted = proposals.find((proposal) => proposal!.status === "accepted")!;
    expect(accepted.contractId).toBeTruthy();
    const [inquiry] = await db()
      .select({ status: schema.inquiries.status })
      .from(schema.inquiries)
      .where(eq(schema.inquiries.id, accepted.inquiryId!));
    expect(inquiry?.status).toBe("won");
    expect(proposals.some((proposal) => proposal!.versions.filter((version) => version.sentAt).length >= 2)).toBe(true);
    const asked = proposals.find((proposal) => proposal!.status === "changes_requested")!;
    expect(new Set((await listComments(asked.id)).map((comment) => comment.author))).toEqual(
      new Set(["client", "staff"]),
    );
    expect((await listTemplates()).length).toBeGreaterThan(0);
  });

  test("their lines: catalogue and free, in sections, optional, discounted and taxed", async () => {
    const versions = await db().select({ content: schema.proposalVersions.content }).from(schema.proposalVersions);
    const lines = versions.flatMap(({ content }) => readContent(content).lines);
    expect(lines.some((line) => line.optionId && line.picture)).toBe(true);
    expect(lines.some((line) => !line.optionId)).toBe(true);
    expect(lines.some((line) => line.optional)).toBe(true);
    expect(lines.some((line) => line.discount?.kind === "percent")).toBe(true);
    expect(lines.some((line) => line.discount?.kind === "amount")).toBe(true);
    expect(new Set(lines.map((line) => line.taxRate)).size).toBeGreaterThan(1);
    expect(versions.some(({ content }) => readContent(content).sections.length > 1)).toBe(true);
    // A cover: a picture of the proposal's own, as the PDF's first page shows it.
    expect(versions.some(({ content }) => readContent(content).design[0]?.caption)).toBe(true);
  });
});
