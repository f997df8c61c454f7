// The dashboard's figures from a real database: active projects are those in planning or in
// progress; contracts await signature while sent or viewed; the new inquiries are those nobody
// has followed up yet (contacted, won and lost ones are not counted).
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeContract, makeImage, makeInquiry, makeProject } from "#tests/helpers/factories";
import { getDashboardCounts } from "./dashboard.server";

withTestDatabase();

describe("getDashboardCounts", () => {
  test("counts the inquiries still new, not those followed up", async () => {
    expect((await getDashboardCounts()).newInquiries).toBe(0);
    await makeInquiry({ status: "new" });
    await makeInquiry({ status: "new" });
    await makeInquiry({ status: "contacted" });
    await makeInquiry({ status: "won" });
    await makeInquiry({ status: "lost" });
    expect((await getDashboardCounts()).newInquiries).toBe(2);
  });

  test("counts clients, active and all projects, contracts and those awaiting signature, and gallery images", async () => {
    const riverside = await makeClient({ name: "Riverside School" });
    const harbour = await makeClient({ name: "Harbour Park" });
    const maple = await makeClient({ name: "Maple Library" });
    const tree = await makeProject({ title: "Tree house", clientId: riverside.id, status: "planning" });
    const sand = await makeProject({ title: "Sand pit", clientId: riverside.id, status: "in_progress" });
    const rope = await makeProject({ title: "Rope course", clientId: harbour.id, status: "completed" });
    await makeProject({ title: "Splash pad", clientId: harbour.id, status: "draft" });
    await makeProject({ title: "Reading nook", clientId: maple.id, status: "on_hold" });
    await makeContract({ projectId: tree.id, status: "draft" });
    await makeContract({ projectId: sand.id, status: "sent", dateSent: "2025-05-01" });
    await makeContract({ projectId: rope.id, status: "viewed", dateSent: "2025-05-02" });
    await makeContract({ projectId: rope.id, status: "signed", dateSent: "2025-04-01", dateSigned: "2025-04-03" });
    await makeImage({ projectId: rope.id, imageCategory: "photos_completed", displayOrder: 0 });
    await makeImage({ projectId: rope.id, imageCategory: "photos_completed", displayOrder: 1 });
    await makeImage({ projectId: rope.id, imageCategory: "3d_renders", displayOrder: 0 });
    await makeImage({ projectId: tree.id, imageCategory: "photos_installation", displayOrder: 0 });
    // (The new inquiries are the test's above: the file shares one database.)
    expect(await getDashboardCounts()).toMatchObject({
      clients: 3,
      activeProjects: 2,
      projects: 5,
      contracts: 4,
      awaitingSignature: 2,
      galleryImages: 4,
    });
  });
});
