// `npm run demo` has inquiries in every state of the follow-up, from listed
// project pages and a published gallery, so the Inquiries screen and the
// dashboard's count have something to show.
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeGallery, makeProject } from "#tests/helpers/factories";
import { db } from "~/.server/db";
import { getDashboardCounts } from "~/domain/dashboard/dashboard.server";
import { listInquiries } from "~/domain/inquiries/inquiries.server";
import { INQUIRY_STATUSES } from "~/domain/inquiries/schema";
import { seedInquiries } from "./inquiries";

withTestDatabase();

describe("the demo's inquiries", () => {
  test("a few in every state, each from a listed project or the published gallery", async () => {
    const client = await makeClient();
    const listed = await makeProject({
      clientId: client.id,
      title: "Demo Ark",
      status: "completed",
      showInGallery: true,
    });
    await makeProject({ clientId: client.id, title: "Demo Draft", status: "draft" });
    await makeGallery({ name: "Demo Parks", isPublished: true });

    await seedInquiries(db());

    const { rows } = await listInquiries({ page: 1 });
    expect(rows.length).toBeGreaterThanOrEqual(INQUIRY_STATUSES.length);
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(INQUIRY_STATUSES));
    expect(new Set(rows.map((row) => row.sourceTitle))).toEqual(new Set(["Demo Ark", "Demo Parks"]));
    expect(rows.filter((row) => row.projectId).every((row) => row.projectId === listed.id)).toBe(true);
    expect((await getDashboardCounts()).newInquiries).toBeGreaterThan(0);
  });
});
