// The proposal page's actions and its PDF download with real requests (the
// rules are the domain's: domain/proposals/proposals.test.ts).
import { beforeAll, describe, expect, test } from "vitest";
import { expectRefused } from "#tests/helpers/actions";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient } from "#tests/helpers/factories";
import { loaderArgs } from "#tests/helpers/loader";
import { mailsTo } from "#tests/helpers/outbox";
import { portalContact, proposalLine, saveProposalLines } from "#tests/helpers/proposals";
import { toastOf } from "#tests/helpers/toast";
import { createUser, formRequest, type TestUser } from "#tests/helpers/users";
import { createProposal, getProposal } from "~/domain/proposals/proposals.server";
import { loader as pdfLoader } from "~/routes/resources/proposal-pdf";
import { proposalAction } from "./detail.server";

withTestDatabase();

const TODAY = "2026-01-01";
let staff: TestUser;
beforeAll(async () => {
  staff = await createUser({ role: "staff" });
});

async function draft() {
  const client = await makeClient();
  const buyer = await portalContact(client.id);
  const { id } = await createProposal({ clientId: client.id, title: "Back field trail", userId: null });
  await saveProposalLines(id, [proposalLine("l1", { name: "Rope pyramid", unitPrice: 900_000, taxRate: 0 })]);
  return { id, buyer, version: (await getProposal(id, TODAY))!.version };
}

const post = (id: string, fields: Record<string, string>) =>
  proposalAction(formRequest(`/admin/proposals/${id}`, fields, staff), id);

describe("the proposal page's actions", () => {
  test("Send: the version is frozen, the contact mailed and told in a toast", async () => {
    const { id, buyer, version } = await draft();
    const answer = (await post(id, { intent: "send", version, contactIds: buyer.id })) as { init?: ResponseInit };
    expect(await toastOf(answer.init)).toMatchObject({
      type: "success",
      title: "Version 1 sent",
      description: "We emailed Ada Buyer.",
    });
    expect(mailsTo(buyer.email!).at(-1)?.subject).toBe("Your proposal: Back field trail");
    expect((await getProposal(id, TODAY))!.versions[0]!.contentSha256).toMatch(/^[0-9a-f]{64}$/);
  });

  test("Send to no one, and Withdraw from a stale page, are refused with the reason", async () => {
    const { id, version } = await draft();
    await expectRefused(await post(id, { intent: "send", version }), {
      status: 409,
      title: "The proposal was not changed",
      reason: "Choose at least one of the client's contacts with portal access.",
    });
    await expectRefused(await post(id, { intent: "withdraw", version: "2020-01-01T00:00:00.000Z" }), {
      status: 409,
      title: "The proposal was not changed",
      reason: "Someone else changed this proposal",
    });
  });

  test("Delete a draft goes back to the list", async () => {
    const { id } = await draft();
    const answer = (await post(id, { intent: "delete" })) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/admin/proposals");
    expect(await getProposal(id, TODAY)).toBeNull();
  });

  test("the PDF of a version is a download; a version it does not have is a 404", async () => {
    const { id } = await draft();
    const pdf = (await pdfLoader(loaderArgs(`/admin/proposals/${id}/pdf?version=1`, { id }, staff))) as Response;
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Content-Disposition")).toContain('attachment; filename="Back-field-trail-v1.pdf"');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    const missing = await pdfLoader(loaderArgs(`/admin/proposals/${id}/pdf?version=9`, { id }, staff));
    expect((missing as Response).status).toBe(404);
  });
});
