// The comparison page's loader: by default the latest version against the one
// before, the lines added, removed and changed with the totals of each; a
// version the proposal lacks is a 404; one version has nothing to compare.
import { beforeAll, describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient } from "#tests/helpers/factories";
import { portalContact, proposalLine, saveProposalLines } from "#tests/helpers/proposals";
import { settle } from "#tests/helpers/loader";
import { createUser, request, type TestUser } from "#tests/helpers/users";
import type { VersionComparison } from "~/domain/proposals/compare";
import { createProposal, getProposal, sendProposal } from "~/domain/proposals/proposals.server";
import { loadComparison } from "./compare.server";

withTestDatabase();

const TODAY = "2026-01-01";
let staff: TestUser;
beforeAll(async () => {
  staff = await createUser({ role: "staff" });
});

const compare = (id: string, query = "") =>
  settle(() => loadComparison(request(`/admin/proposals/${id}/compare${query}`, { user: staff }), id));

describe("comparing two versions", () => {
  test("v1 (sent) against the v2 draft: added, removed, changed, and the totals before and after", async () => {
    const client = await makeClient();
    const buyer = await portalContact(client.id);
    const { id } = await createProposal({ clientId: client.id, title: "Trail", userId: null });
    await saveProposalLines(id, [proposalLine("a", { unitPrice: 10_000 }), proposalLine("b", { unitPrice: 5_000 })]);
    expect((await compare(id)).data?.compared).toBeNull();

    const opened = (await getProposal(id, TODAY))!;
    await sendProposal({
      id,
      version: opened.version,
      contactIds: [buyer.id],
      sender: { id: null, name: "S" },
      today: TODAY,
    });
    await saveProposalLines(id, [proposalLine("a", { unitPrice: 12_000 }), proposalLine("c", { unitPrice: 1_000 })]);

    const { data } = await compare(id);
    expect(data).toMatchObject({ numbers: [2, 1], from: 1, to: 2 });
    const { comparison, sectionTitles } = data!.compared as {
      comparison: VersionComparison;
      sectionTitles: Record<string, string>;
    };
    const { added, removed, changed, totals } = comparison;
    expect(added.map((l) => l.id)).toEqual(["c"]);
    expect(removed.map((l) => l.id)).toEqual(["b"]);
    expect(changed.map((l) => [l.id, l.changes])).toEqual([
      ["a", [{ field: "unitPrice", before: 10_000, after: 12_000 }]],
    ]);
    expect(totals.before.base.gross).toBe(18_000);
    expect(totals.after.base.gross).toBe(15_600);
    expect(sectionTitles).toEqual({ equipment: "Play equipment" });

    expect((await compare(id, "?from=2&to=1")).data).toMatchObject({ from: 2, to: 1 });
    expect((await compare(id, "?from=1&to=7")).status).toBe(404);
  });
});
