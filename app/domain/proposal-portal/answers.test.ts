// The buyer's answers to a proposal in the portal, on a real database: an
// acceptance re-prices the ticked options and refuses a changed version or
// total, records its evidence, seals the PDF (pdfsig verifies it), makes the
// project and a draft contract and wins the inquiry; a decline and a request
// for changes are recorded; a closed proposal and another client's refuse.
import { eq } from "drizzle-orm";
import { buffer } from "node:stream/consumers";
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeContact, makeInquiry, makeProject } from "#tests/helpers/factories";
import { mailsTo } from "#tests/helpers/outbox";
import { pdfPages } from "#tests/helpers/pdf-text";
import { pdfsig } from "#tests/helpers/pdfsig";
import { makeSentProposal, reviseAndSend, sampleContent } from "#tests/helpers/portal-proposals";
import { createUser } from "#tests/helpers/users";
import { db, schema } from "~/.server/db";
import { changesAfter, latestChangeId } from "~/.server/live/log";
import { storage } from "~/.server/storage";
import { findPortalContact, invitePortalContact } from "../contacts/portal-access.server";
import type { SignerContext } from "../contracts/signing/signing.server";
import { withdrawProposal } from "../proposals/proposals.server";
import { getProposal } from "../proposals/proposals.server";
import { acceptProposal, ANSWER_REFUSALS, declineProposal, requestProposalChanges } from "./answers.server";
import { ACCEPTANCE_CONSENT, ACCEPTANCE_MESSAGES } from "./consent";

const database = withTestDatabase();

const TODAY = "2026-11-20";
const NOW = new Date("2026-11-20T10:30:00Z");
/** sampleContent's total: £15,000.00 without the shade sail, $17,160.00 with it (in pence). */
const BASE = 1_500_000;
const WITH_SAIL = 1_716_000;

let n = 0;
/** A client, a contact signed in to the portal (as a session proves it) and a proposal sent to them. */
async function world(proposal: { inquiry?: boolean; project?: boolean; validUntil?: string } = {}) {
  n += 1;
  const owner = await createUser({ email: `owner${n}@company.test`, name: `Olive Owner ${n}`, role: "staff" });
  const client = await makeClient({ name: `Northtown School ${n}` });
  const person = await makeContact({ clientId: client.id, name: `Ada Buyer ${n}`, email: `ada${n}@school.test` });
  await invitePortalContact(person.id, null);
  const [row] = await db().select().from(schema.contacts).where(eq(schema.contacts.id, person.id));
  const contact = (await findPortalContact(row!.userId!))!;
  const signer: SignerContext = {
    contact,
    userId: row!.userId!,
    ip: "203.0.113.7",
    userAgent: "BuyerBrowser/3",
    codeSignIn: { email: contact.email, mailedAt: new Date("2026-11-20T10:20:00Z") },
  };
  const inquiry = proposal.inquiry
    ? await makeInquiry({ name: "Ada", email: `ada${n}@school.test`, organisation: "Northtown", message: "A trail" })
    : null;
  const project = proposal.project ? await makeProject({ clientId: client.id, title: `Back field ${n}` }) : null;
  const sent = await makeSentProposal({
    clientId: client.id,
    contactIds: [contact.contactId],
    title: `Back field trail ${n}`,
    validUntil: proposal.validUntil ?? "2099-12-31",
    inquiryId: inquiry?.id ?? null,
    projectId: project?.id ?? null,
    sender: { id: owner.id, name: "Olive Owner" },
  });
  return { owner, client, contact, signer, inquiry, project, ...sent };
}

type World = Awaited<ReturnType<typeof world>>;

/** `w`'s buyer accepts its proposal with the sail (or as `fields` say), today or on `as.today`, as `as.by` if given. */
const accept = (
  w: World,
  fields: Partial<Parameters<typeof acceptProposal>[3]> = {},
  as: { today?: string; by?: World } = {},
) =>
  acceptProposal(
    (as.by ?? w).client.id,
    w.id,
    (as.by ?? w).signer,
    { typedName: w.contact.name, chosenLineIds: ["l-sail"], seenVersion: 1, seenTotal: WITH_SAIL, ...fields },
    { today: as.today ?? TODAY, now: NOW },
  );

const proposalRow = async (id: string) =>
  (await db().select().from(schema.proposals).where(eq(schema.proposals.id, id)))[0]!;
const answers = (id: string) =>
  db().select().from(schema.proposalAcceptances).where(eq(schema.proposalAcceptances.proposalId, id));

describe("accepting a proposal", () => {
  test("records the evidence, seals the PDF, makes the project and a draft contract and wins the inquiry", async () => {
    const w = await world({ inquiry: true });
    const signature = await sharp({ create: { width: 300, height: 100, channels: 4, background: "#123456" } })
      .png()
      .toBuffer();
    const before = await latestChangeId(database.current());
    const accepted = await accept(w, { signatureDataUrl: `data:image/png;base64,${signature.toString("base64")}` });
    expect(accepted.total).toBe(WITH_SAIL);

    const [answer] = await answers(w.id);
    expect(answer).toMatchObject({
      versionId: w.versionId,
      outcome: "accepted",
      contactId: w.contact.contactId,
      userId: w.signer.userId,
      name: w.contact.name,
      email: w.contact.email,
      typedName: w.contact.name,
      consent: true,
      consentText: ACCEPTANCE_CONSENT,
      chosenLineIds: ["l-sail"],
      totalAccepted: WITH_SAIL,
      ip: "203.0.113.7",
      userAgent: "BuyerBrowser/3",
      at: NOW,
    });
    expect(answer!.signaturePng).toMatch(/^data:image\/png;base64,/);
    const version = (await getProposal(w.id, TODAY))!.versions[0]!;
    expect(answer!.contentSha256).toBe(version.contentSha256);

    const proposal = await proposalRow(w.id);
    expect(proposal).toMatchObject({
      status: "accepted",
      projectId: accepted.projectId,
      contractId: accepted.contractId,
    });
    const [project] = await db().select().from(schema.projects).where(eq(schema.projects.id, accepted.projectId));
    expect(project).toMatchObject({ clientId: w.client.id, title: `Back field trail ${n}`, showInGallery: false });
    const [contract] = await db().select().from(schema.contracts).where(eq(schema.contracts.id, accepted.contractId));
    expect(contract).toMatchObject({
      projectId: accepted.projectId,
      status: "draft",
      title: `Back field trail ${n} contract`,
    });

    // The contract's document and the acceptance's sealed copy are the same sealed PDF, kept apart.
    expect(contract!.documentKey).not.toBe(answer!.certificateKey);
    const sealed = await buffer((await storage().get(answer!.certificateKey!))!.body);
    expect(await buffer((await storage().get(contract!.documentKey!))!.body)).toEqual(sealed);
    expect(contract!.documentBytes).toBe(sealed.length);

    const [inquiry] = await db().select().from(schema.inquiries).where(eq(schema.inquiries.id, w.inquiry!.id));
    expect(inquiry).toMatchObject({ status: "won", clientId: w.client.id });
    const stages = await db()
      .select()
      .from(schema.inquiryEvents)
      .where(eq(schema.inquiryEvents.inquiryId, w.inquiry!.id));
    expect(stages).toContainEqual(
      expect.objectContaining({ type: "stage", toStatus: "won", authorName: w.contact.name }),
    );

    // The owner hears it live, and both sides get the sealed PDF by mail.
    const { changes } = await changesAfter(database.current(), before);
    expect(changes).toContainEqual(expect.objectContaining({ kind: "proposal-event", record: w.id }));
    const buyerMail = mailsTo(w.contact.email).filter((mail) => mail.subject.startsWith("Accepted:"));
    const ownerMail = mailsTo(w.owner.email).filter((mail) => mail.subject.startsWith("Accepted:"));
    for (const mail of [...buyerMail, ...ownerMail]) {
      expect(mail.attachments?.[0]?.filename).toContain(" - v1 - accepted.pdf");
      expect(Buffer.from(mail.attachments![0]!.content, "base64")).toEqual(sealed);
    }
    expect(buyerMail).toHaveLength(1);
    expect(ownerMail).toHaveLength(1);
    expect(ownerMail[0]!.text).toContain("$17,160.00");
  });

  test("the sealed acceptance verifies with pdfsig and records the acceptance and the certificate", async () => {
    const w = await world();
    await accept(w);
    const [answer] = await answers(w.id);
    const sealed = await buffer((await storage().get(answer!.certificateKey!))!.body);
    const report = pdfsig(sealed);
    expect(report).toContain("Signature Validation: Signature is Valid.");
    expect(report).toContain("Total document signed");
    const text = (await pdfPages(sealed)).join("\n");
    expect(text).toContain("Completion certificate");
    expect(text).toContain(`Back field trail ${n}, version 1`);
    expect(text).toContain("$17,160.00");
    expect(text).toContain("Shade sail");
    expect(text.replace(/\s+/g, "")).toContain(answer!.contentSha256);
    expect(text).toContain("BuyerBrowser/3");
  });

  test("an existing project is kept: the contract is made on it", async () => {
    const w = await world({ project: true });
    const accepted = await accept(w, { chosenLineIds: [], seenTotal: BASE });
    expect(accepted.projectId).toBe(w.project!.id);
    expect((await proposalRow(w.id)).projectId).toBe(w.project!.id);
    expect((await answers(w.id))[0]).toMatchObject({ chosenLineIds: [], totalAccepted: BASE });
  });

  test("a total or version other than the server's, or an unknown option, is refused and nothing is recorded", async () => {
    const w = await world({ inquiry: true });
    await expect(accept(w, { seenTotal: BASE })).rejects.toThrow(ACCEPTANCE_MESSAGES.totalChanged);
    await expect(accept(w, { chosenLineIds: ["l-pyramid"], seenTotal: BASE })).rejects.toThrow(
      ACCEPTANCE_MESSAGES.unknownOption,
    );
    await expect(accept(w, { seenVersion: 2 })).rejects.toThrow(ANSWER_REFUSALS.changed);
    // Staff sent v2 while the buyer read v1: v1's form is refused.
    await reviseAndSend(w.id, [w.contact.contactId], sampleContent({ introduction: "Revised." }));
    await expect(accept(w)).rejects.toThrow(ANSWER_REFUSALS.changed);
    expect(await answers(w.id)).toEqual([]);
    expect((await proposalRow(w.id)).contractId).toBeNull();
    expect(
      await db()
        .select()
        .from(schema.contracts)
        .where(eq(schema.contracts.title, `Back field trail ${n} contract`)),
    ).toEqual([]);
    const [inquiry] = await db().select().from(schema.inquiries).where(eq(schema.inquiries.id, w.inquiry!.id));
    expect(inquiry!.status).toBe("new");
    // v2 accepted as seen.
    await accept(w, { seenVersion: 2 });
    expect((await proposalRow(w.id)).status).toBe("accepted");
  });

  test("an accepted, withdrawn or expired proposal cannot be accepted, nor another client's", async () => {
    const accepted = await world();
    await accept(accepted);
    await expect(accept(accepted)).rejects.toThrow(ANSWER_REFUSALS.accepted);

    const withdrawn = await world();
    await withdrawProposal(withdrawn.id, (await getProposal(withdrawn.id, TODAY))!.version);
    await expect(accept(withdrawn)).rejects.toThrow(ANSWER_REFUSALS.withdrawn);

    // Past the valid-until date the version was sent with.
    const expired = await world({ validUntil: "2099-12-31" });
    await expect(accept(expired, {}, { today: "2100-01-01" })).rejects.toThrow(ANSWER_REFUSALS.expired);

    const other = await world();
    const mine = await world();
    await expect(accept(other, {}, { by: mine })).rejects.toMatchObject({ name: "NotFoundError" });
    expect(await answers(other.id)).toEqual([]);
  });
});

describe("declining and asking for changes", () => {
  test("a decline records the reason and closes the proposal; the owner is mailed", async () => {
    const w = await world();
    await declineProposal(w.client.id, w.id, w.signer, { reason: "Over our budget this year.", seenVersion: 1 }, TODAY);
    expect((await proposalRow(w.id)).status).toBe("declined");
    expect((await answers(w.id))[0]).toMatchObject({
      outcome: "declined",
      declineReason: "Over our budget this year.",
      name: w.contact.name,
      email: w.contact.email,
      ip: "203.0.113.7",
    });
    expect(mailsTo(w.owner.email).find((mail) => mail.subject.startsWith("Declined:"))?.text).toContain(
      "Over our budget this year.",
    );
    await expect(accept(w)).rejects.toThrow(ANSWER_REFUSALS.declined);
  });

  test("asking for changes adds the comment to the thread and waits for a new version, which can then be accepted", async () => {
    const w = await world();
    await requestProposalChanges(
      w.client.id,
      w.id,
      w.signer,
      { comment: "Could the sail be blue?", seenVersion: 1 },
      TODAY,
    );
    expect((await proposalRow(w.id)).status).toBe("changes_requested");
    const comments = await db()
      .select()
      .from(schema.proposalComments)
      .where(eq(schema.proposalComments.proposalId, w.id));
    expect(comments).toEqual([
      expect.objectContaining({
        author: "client",
        body: "Could the sail be blue?",
        requestsChanges: true,
        versionId: w.versionId,
        contactId: w.contact.contactId,
      }),
    ]);
    expect(mailsTo(w.owner.email).some((mail) => mail.subject.startsWith("Changes requested:"))).toBe(true);
    await reviseAndSend(w.id, [w.contact.contactId], sampleContent({ introduction: "With a blue sail." }));
    await accept(w, { seenVersion: 2 });
    expect((await proposalRow(w.id)).status).toBe("accepted");
  });
});
