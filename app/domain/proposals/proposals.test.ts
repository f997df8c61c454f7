// Sending, withdrawing and deleting a proposal, its recipients, the changes
// thread and a version's PDF, on a migrated database.
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeContact } from "#tests/helpers/factories";
import { mailsTo } from "#tests/helpers/outbox";
import { pdfPages } from "#tests/helpers/pdf-text";
import { proposalContent, proposalLine, saveProposalLines } from "#tests/helpers/proposals";
import { db, schema } from "~/.server/db";
import { invitePortalContact } from "../contacts/portal-access.server";
import { InvalidInputError, StaleRecordError } from "../errors";
import { hashedText } from "./content";
import { proposalVersionDocument } from "./document.server";
import { renderProposalPdf } from "./proposal-pdf.server";
import {
  createProposal,
  deleteProposal,
  getProposal,
  getVersion,
  recipientChoices,
  saveDraft,
  sendProposal,
  versionSha256,
  withdrawProposal,
} from "./proposals.server";
import { mailSentProposal } from "./sent-mail.server";
import { listComments, replyToThread } from "./thread.server";

withTestDatabase();

const TODAY = "2026-12-02";
const SENDER = { id: null, name: "Sam Staff" };
let n = 0;

/** Sends the draft, as loaded, to the contact. */
function sendTo(proposal: { id: string; version: string }, buyer: { id: string }) {
  return sendProposal({
    id: proposal.id,
    version: proposal.version,
    contactIds: [buyer.id],
    sender: SENDER,
    today: TODAY,
  });
}

/** A client with one contact who has portal access and one who has not, and a draft of two lines. */
async function world() {
  n += 1;
  const client = await makeClient({ name: `Northtown School ${n}` });
  const buyer = await makeContact({ clientId: client.id, name: `Ada Buyer ${n}`, email: `ada${n}@school.test` });
  await invitePortalContact(buyer.id, null);
  const other = await makeContact({ clientId: client.id, name: `Ben Other ${n}`, email: `ben${n}@school.test` });
  const { id } = await createProposal({ clientId: client.id, title: `Play trail ${n}`, userId: null });
  await saveProposalLines(id, [proposalLine("a"), proposalLine("b", { unitPrice: 50_000 })], "2026-12-31");
  const proposal = (await getProposal(id, TODAY))!;
  return { client, buyer, other, proposal };
}

describe("recipients", () => {
  test("the client's contacts with an address are offered, each saying whether it has portal access", async () => {
    const { client, buyer, other } = await world();
    await makeContact({ clientId: client.id, name: "No Address", email: null });
    const choices = await recipientChoices(client.id);
    expect(choices).toEqual([
      { id: buyer.id, name: buyer.name, email: buyer.email, hasPortalAccess: true },
      { id: other.id, name: other.name, email: other.email, hasPortalAccess: false },
    ]);
  });
});

describe("sending a proposal", () => {
  test("freezes the draft as v1: its content with the title and date, totals, money format and SHA-256", async () => {
    const { buyer, proposal } = await world();
    const sent = await sendTo(proposal, buyer);
    expect(sent).toMatchObject({ number: 1, recipients: [{ contactId: buyer.id, email: buyer.email }] });
    const after = (await getProposal(proposal.id, TODAY))!;
    expect(after.status).toBe("sent");
    const v1 = (await getVersion(proposal.id, sent.versionId))!;
    expect(v1.sentAt).toBeInstanceOf(Date);
    expect(v1.sentByName).toBe("Sam Staff");
    expect(v1.content.title).toBe(proposal.title);
    expect(v1.content.validUntil).toBe("2026-12-31");
    expect(v1.total).toBe(150_000 + 60_000);
    expect(v1.lineCount).toBe(2);
    expect(v1.contentSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(v1.contentSha256).toBe(versionSha256({ currency: v1.currency, locale: v1.locale, content: v1.content }));
    expect(hashedText({ currency: v1.currency, locale: v1.locale, content: v1.content })).toContain(proposal.title);
    const recipients = await db()
      .select()
      .from(schema.proposalRecipients)
      .where(eq(schema.proposalRecipients.versionId, sent.versionId));
    expect(recipients.map((r) => r.email)).toEqual([buyer.email]);
  });

  test("the recipients get the mail with the portal link", async () => {
    const { buyer, proposal } = await world();
    const sent = await sendTo(proposal, buyer);
    await mailSentProposal(
      { id: proposal.id, title: proposal.title, number: sent.number, validUntil: "2026-12-31" },
      sent.recipients,
    );
    // The first mail invited them to the portal.
    const mail = mailsTo(buyer.email!).at(-1);
    expect(mail?.subject).toBe(`Your proposal: ${proposal.title}`);
    expect(mail?.text).toContain(`/portal/proposals/${proposal.id}`);
  });

  test("refuses a contact without portal access, another client's contact, and no one", async () => {
    const { other, proposal } = await world();
    const stranger = await world();
    for (const contactIds of [[other.id], [stranger.buyer.id], []]) {
      await expect(
        sendProposal({ id: proposal.id, version: proposal.version, contactIds, sender: SENDER, today: TODAY }),
      ).rejects.toThrow("Choose at least one of the client's contacts with portal access.");
    }
    expect((await getProposal(proposal.id, TODAY))!.status).toBe("draft");
  });

  test("refuses an empty draft, a past valid-until date and sending twice without changes", async () => {
    const { buyer, proposal } = await world();
    const send = async (today = TODAY) => {
      const current = (await getProposal(proposal.id, today))!;
      return sendProposal({ id: proposal.id, version: current.version, contactIds: [buyer.id], sender: SENDER, today });
    };
    await expect(send("2027-01-01")).rejects.toThrow("The valid-until date has passed");
    await send();
    await expect(send()).rejects.toThrow("There are no changes to send: edit the proposal first.");

    const empty = await createProposal({ clientId: proposal.clientId, title: "Empty", userId: null });
    const current = (await getProposal(empty.id, TODAY))!;
    await expect(
      sendProposal({ id: empty.id, version: current.version, contactIds: [buyer.id], sender: SENDER, today: TODAY }),
    ).rejects.toThrow("Add at least one line before sending.");
  });

  test("an edit after sending starts v2; v1 keeps what was sent", async () => {
    const { buyer, proposal } = await world();
    const first = await sendTo(proposal, buyer);
    const sentV1 = (await getVersion(proposal.id, first.versionId))!;
    const current = (await getProposal(proposal.id, TODAY))!;
    const draft = await saveDraft({
      id: proposal.id,
      version: current.version,
      values: {
        title: "Renamed trail",
        validUntil: null,
        projectId: null,
        content: proposalContent([proposalLine("a")]),
      },
      userId: null,
    });
    expect(draft.number).toBe(2);
    const v1 = (await getVersion(proposal.id, first.versionId))!;
    expect(v1.content).toEqual(sentV1.content);
    expect(v1.contentSha256).toBe(sentV1.contentSha256);
    const listed = (await getProposal(proposal.id, TODAY))!.versions;
    expect(listed.map((v) => [v.number, v.sentAt !== null])).toEqual([
      [2, false],
      [1, true],
    ]);
  });
});

describe("withdrawing and deleting", () => {
  test("withdraw needs the proposal's current version; a withdrawn proposal can no longer be sent", async () => {
    const { buyer, proposal } = await world();
    await sendTo(proposal, buyer);
    await expect(withdrawProposal(proposal.id, proposal.version)).rejects.toBeInstanceOf(StaleRecordError);
    const current = (await getProposal(proposal.id, TODAY))!;
    await withdrawProposal(proposal.id, current.version);
    const withdrawn = (await getProposal(proposal.id, TODAY))!;
    expect(withdrawn.status).toBe("withdrawn");
    await expect(withdrawProposal(proposal.id, withdrawn.version)).rejects.toThrow(
      "This proposal was withdrawn: it can no longer change.",
    );
  });

  test("a draft is deleted; a sent proposal is refused", async () => {
    const draft = await world();
    expect(await deleteProposal(draft.proposal.id)).toEqual({ name: draft.proposal.title });
    expect(await getProposal(draft.proposal.id, TODAY)).toBeNull();

    const { buyer, proposal } = await world();
    await sendTo(proposal, buyer);
    await expect(deleteProposal(proposal.id)).rejects.toBeInstanceOf(InvalidInputError);
    expect(await getProposal(proposal.id, TODAY)).not.toBeNull();
  });
});

describe("the changes thread", () => {
  test("a staff reply follows the client's comment, on the latest version", async () => {
    const { buyer, proposal } = await world();
    const sent = await sendTo(proposal, buyer);
    await db()
      .insert(schema.proposalComments)
      .values({
        proposalId: proposal.id,
        versionId: sent.versionId,
        author: "client",
        contactId: buyer.id,
        name: buyer.name,
        body: "Could the slide be stainless steel?",
        requestsChanges: true,
        at: new Date("2026-12-02T10:00:00Z"),
      });
    await replyToThread({ proposalId: proposal.id, body: "Yes: v2 has it.", user: { id: null, name: "Sam Staff" } });
    const thread = await listComments(proposal.id);
    expect(thread.map((c) => [c.author, c.name, c.body, c.versionNumber])).toEqual([
      ["client", buyer.name, "Could the slide be stainless steel?", 1],
      ["staff", "Sam Staff", "Yes: v2 has it.", 1],
    ]);
  });
});

describe("a version's PDF", () => {
  test("prints the sent version's title, lines and hash", async () => {
    const { buyer, proposal } = await world();
    const sent = await sendTo(proposal, buyer);
    const loaded = (await proposalVersionDocument(proposal.id, sent.versionId, TODAY))!;
    expect(loaded.fileName).toBe(`Play-trail-${n}-v1.pdf`);
    const text = (await pdfPages(await renderProposalPdf(loaded.document))).join("\n");
    expect(text).toContain(proposal.title);
    expect(text).toContain("Item a");
    const v1 = (await getVersion(proposal.id, sent.versionId))!;
    expect(text.replace(/\s+/g, "")).toContain(v1.contentSha256!.slice(0, 16));
    expect(await proposalVersionDocument((await world()).proposal.id, sent.versionId, TODAY)).toBeNull();
  });
});
