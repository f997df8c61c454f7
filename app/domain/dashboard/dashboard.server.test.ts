// The dashboard's figures from a real database: the new inquiries are those
// nobody has followed up yet (contacted, won and lost ones are not counted).
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeInquiry } from "#tests/helpers/factories";
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
});
