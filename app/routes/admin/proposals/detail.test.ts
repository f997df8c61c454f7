// The proposal page's actions and its PDF download with real requests (the
// rules are the domain's: domain/proposals/proposals.test.ts).
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { expectRefused } from "#tests/helpers/actions";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeContact } from "#tests/helpers/factories";
import { loaderArgs } from "#tests/helpers/loader";
import { mailsTo } from "#tests/helpers/outbox";
import { makeSentProposal } from "#tests/helpers/portal-proposals";
import { portalContact, proposalLine, saveProposalLines } from "#tests/helpers/proposals";
import { toastOf } from "#tests/helpers/toast";
import { createUser, formRequest, request, type TestUser } from "#tests/helpers/users";
import { db, schema } from "~/.server/db";
import { findPortalContact, invitePortalContact } from "~/domain/contacts/portal-access.server";
import { acceptProposal } from "~/domain/proposal-portal/answers.server";
import { createProposal, getProposal } from "~/domain/proposals/proposals.server";
import { loader as pdfLoader } from "~/routes/resources/proposal-pdf";
import { loadProposalPage, proposalAction } from "./detail.server";

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

describe("an accepted proposal's page", () => {
  test("shows who accepted, when, at what total with which options, and the draft contract and project it made", async () => {
    const client = await makeClient({ name: "Northtown School" });
    const person = await makeContact({ clientId: client.id, name: "Ada Buyer", email: "ada@accepted.test" });
    await invitePortalContact(person.id, null);
    const [row] = await db().select().from(schema.contacts).where(eq(schema.contacts.id, person.id));
    const contact = (await findPortalContact(row!.userId!))!;
    const { id } = await makeSentProposal({
      clientId: client.id,
      contactIds: [contact.contactId],
      title: "Back field",
    });
    const unanswered = await loadProposalPage(request(`/admin/proposals/${id}`, { user: staff }), id);
    expect(unanswered.acceptance).toBeNull();

    const signer = {
      contact,
      userId: row!.userId!,
      ip: "203.0.113.7",
      userAgent: "BuyerBrowser/3",
      codeSignIn: { email: contact.email, mailedAt: new Date() },
    };
    const accepted = await acceptProposal(client.id, id, signer, {
      typedName: "Ada B. Buyer",
      chosenLineIds: ["l-sail"],
      seenVersion: 1,
      seenTotal: 1_716_000,
    });
    const { acceptance } = await loadProposalPage(request(`/admin/proposals/${id}`, { user: staff }), id);
    expect(acceptance).toMatchObject({
      name: "Ada Buyer",
      typedName: "Ada B. Buyer",
      email: "ada@accepted.test",
      version: 1,
      total: "$17,160.00",
      options: ["Shade sail"],
      contractId: accepted.contractId,
      contractTitle: "Back field contract",
      projectId: accepted.projectId,
      projectTitle: "Back field",
      sealed: true,
    });
    expect(acceptance!.when).toMatch(/^\w{3} \d{1,2}, \d{4}, \d{2}:\d{2}$/);
  });
});
