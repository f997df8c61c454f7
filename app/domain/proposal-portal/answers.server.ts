// The buyer's answer to a proposal in the client portal: accept the latest
// sent version (typed name, consent, an optional drawn signature, the optional
// lines ticked), decline it with a reason, or ask for changes with a comment.
// Each is one transaction on the locked proposal, and only while that version
// is still open. Accepting seals the version's PDF with its acceptance record
// and completion certificate (written before the commit, removed if it fails,
// as a contract's signing does), records the evidence, makes the client's
// project if the proposal had none, a draft contract with the sealed PDF as its
// document, and wins the inquiry. The owner hears each answer live (the
// acceptances' and comments' live declaration) and by mail after the commit.
import { and, eq, sql } from "drizzle-orm";
import { db, schema, type Tx } from "~/.server/db";
import { withActor } from "~/.server/db/history-scope";
import { appOrigin } from "~/.server/env";
import { deleteKeysQuietly } from "~/.server/images/delete";
import { logger } from "~/.server/logger";
import { sendMail } from "~/.server/mail";
import { storage } from "~/.server/storage";
import { InvalidInputError, NotFoundError } from "../errors";
import { brandedMail, companyName } from "../company/branded-mail.server";
import { createDraftContract } from "../contracts/contracts.server";
import { localToday } from "../contracts/rules";
import { assertTypedName, drawnSignaturePng } from "../contracts/signing/signature.server";
import type { SignerContext } from "../contracts/signing/signing.server";
import { markInquiryWon } from "../inquiries/pipeline.server";
import { contractDocumentKey, proposalAcceptanceKey } from "../media/stored-files.server";
import { createClientProject } from "../projects/projects.server";
import { proposalVersionDocument } from "../proposals/document.server";
import { formatMoney } from "../proposals/money";
import { renderProposalPdf } from "../proposals/proposal-pdf.server";
import { priceProposal } from "../proposals/totals";
import { staffOrEveryone } from "../users/staff-recipients.server";
import { ACCEPTANCE_CONSENT, ACCEPTANCE_MESSAGES } from "./consent";
import { proposalFileName } from "./portal-pdf.server";
import { buyerStatus, type ClientVersion, findClientVersion, firstView } from "./portal-proposals.server";

const { proposals, proposalAcceptances, proposalComments, user } = schema;

export const ANSWER_REFUSALS = {
  changed: "This proposal has changed since you opened it: review it again before answering.",
  accepted: "This proposal was already accepted.",
  declined: "This proposal was declined: it can no longer be accepted. Ask us for a new one.",
  withdrawn: "We withdrew this proposal: it can no longer be answered. We will be in touch.",
  expired: "This proposal's valid-until date has passed: it can no longer be accepted. Ask us for a new one.",
} as const;

const MISSING = "This proposal does not exist, or is not yours to see.";

/** Locks the client's proposal and reads its latest sent version; refuses one the buyer may no longer answer. */
async function lockOpen(tx: Tx, clientId: string, proposalId: string, today: string): Promise<ClientVersion> {
  const [locked] = await tx
    .select({ id: proposals.id })
    .from(proposals)
    .where(and(eq(proposals.id, proposalId), eq(proposals.clientId, clientId)))
    .for("update");
  const found = locked ? await findClientVersion(tx, clientId, proposalId) : null;
  // Another client's proposal, or one never sent, does not exist for this buyer.
  if (!found) throw new NotFoundError(MISSING);
  const status = buyerStatus(found.storedStatus, found.validUntil, today);
  if (status === "accepted" || status === "declined" || status === "withdrawn" || status === "expired")
    throw new InvalidInputError(ANSWER_REFUSALS[status]);
  return found;
}

/** What the buyer saw when they answered: the version's number (and for an acceptance, its total). */
function assertSameVersion(found: ClientVersion, seenVersion: number) {
  if (found.number !== seenVersion) throw new InvalidInputError(ANSWER_REFUSALS.changed);
}

export interface AcceptInput {
  typedName: string;
  /** The drawn signature as the browser sent it (a PNG data URL), if any. */
  signatureDataUrl?: string;
  /** The optional lines ticked. */
  chosenLineIds: string[];
  /** The version number and total (minor units) shown when the buyer accepted. */
  seenVersion: number;
  seenTotal: number;
}

export interface Accepted {
  contractId: string;
  projectId: string;
  total: number;
}

/**
 * Accepts the latest sent version: refused unless it is the version the buyer
 * saw, still open, its ticked lines are its optional ones and its total with
 * them (priced here) is the total they saw.
 */
export async function acceptProposal(
  clientId: string,
  proposalId: string,
  signer: SignerContext,
  input: AcceptInput,
  options: { today?: string; now?: Date } = {},
): Promise<Accepted> {
  const today = options.today ?? localToday();
  assertTypedName(input.typedName);
  const png = await drawnSignaturePng(input.signatureDataUrl);
  // Read before the transaction: the embedded database has one connection, held by it.
  const before = await findClientVersion(db(), clientId, proposalId);
  if (!before) throw new NotFoundError(MISSING);
  const [company, loaded, sender] = await Promise.all([
    companyName(),
    proposalVersionDocument(proposalId, before.versionId, today, signer.contact.name),
    before.sentBy
      ? db().select({ email: user.email }).from(user).where(eq(user.id, before.sentBy))
      : Promise.resolve([]),
  ]);
  if (!loaded) throw new NotFoundError(MISSING);
  const written: string[] = [];
  try {
    const accepted = await db().transaction(async (tx) => {
      await withActor(tx);
      const found = await lockOpen(tx, clientId, proposalId, today);
      assertSameVersion(found, input.seenVersion);
      // A version sent after the document above was read: the buyer has not seen it.
      if (found.versionId !== before.versionId) throw new InvalidInputError(ANSWER_REFUSALS.changed);
      const optional = new Set(found.content.lines.filter((line) => line.optional).map((line) => line.id));
      const chosen = [...new Set(input.chosenLineIds)];
      if (chosen.some((id) => !optional.has(id))) throw new InvalidInputError(ACCEPTANCE_MESSAGES.unknownOption);
      const total = priceProposal(found.content.lines, chosen).totals.gross;
      if (total !== input.seenTotal) throw new InvalidInputError(ACCEPTANCE_MESSAGES.totalChanged);

      const now = options.now ?? new Date();
      const email = signer.codeSignIn.email;
      const record = {
        name: signer.contact.name,
        email,
        typedName: input.typedName,
        acceptedAt: now,
        signaturePng: png,
        chosenLineIds: chosen,
      };
      const pdf = await renderProposalPdf({ ...loaded.document, acceptance: record });
      const buyerStep = { name: signer.contact.name, email, ip: signer.ip, userAgent: signer.userAgent };
      const viewed = await firstView(tx, found.versionId, signer.contact.contactId);
      // Sealing (its PDF and signing libraries) is loaded at first use: start-up does not need it.
      const { sealAcceptance } = await import("./acceptance-certificate.server");
      const sealed = await sealAcceptance(
        pdf,
        {
          company,
          origin: appOrigin(),
          proposal: {
            id: found.id,
            title: found.title,
            version: found.number,
            client: loaded.document.client.name,
            site: loaded.document.site,
          },
          versionSha256: found.contentSha256,
          total: formatMoney(total, found.money),
          chosenOptions: found.content.lines.filter((line) => chosen.includes(line.id)).map((line) => line.name),
          signer: {
            name: signer.contact.name,
            email,
            codeMailedAt: signer.codeSignIn.mailedAt,
            typedName: input.typedName,
          },
          events: [
            {
              type: "sent",
              at: found.sentAt,
              name: found.sentByName ?? company,
              email: sender[0]?.email ?? null,
              ip: null,
              userAgent: null,
            },
            viewed
              ? { type: "viewed", at: viewed.at, name: viewed.name, email, ip: viewed.ip, userAgent: viewed.userAgent }
              : { type: "viewed", at: now, ...buyerStep },
            { type: "accepted", at: now, ...buyerStep },
          ],
          signaturePng: png,
        },
        now,
      );
      // The acceptance keeps its sealed copy; the contract has its own (a replaced contract document goes).
      const certificateKey = proposalAcceptanceKey();
      const documentKey = contractDocumentKey();
      for (const key of [certificateKey, documentKey]) {
        await storage().put(key, sealed, { contentType: "application/pdf" });
        written.push(key);
      }
      await tx.insert(proposalAcceptances).values({
        proposalId,
        versionId: found.versionId,
        outcome: "accepted",
        contactId: signer.contact.contactId,
        userId: signer.userId,
        name: signer.contact.name,
        email,
        typedName: input.typedName,
        consent: true,
        consentText: ACCEPTANCE_CONSENT,
        signaturePng: png ? `data:image/png;base64,${png.toString("base64")}` : null,
        chosenLineIds: chosen,
        totalAccepted: total,
        contentSha256: found.contentSha256,
        ip: signer.ip,
        userAgent: signer.userAgent?.slice(0, 512) ?? null,
        at: now,
        certificateKey,
      });
      const projectId =
        found.projectId ?? (await createClientProject(tx, { clientId, title: found.title, userId: null })).id;
      const fileName = proposalFileName(found.title, found.number, " - accepted");
      const contract = await createDraftContract(tx, {
        projectId,
        title: `${found.title} contract`,
        notes: `Made when ${signer.contact.name} accepted version ${found.number} of the proposal in the client portal (${formatMoney(total, found.money)}). Its document is the sealed acceptance.`,
        document: { documentKey, documentName: fileName, documentBytes: sealed.length },
        userId: null,
      });
      await tx
        .update(proposals)
        .set({ status: "accepted", closedAt: now, projectId, contractId: contract.id })
        .where(eq(proposals.id, proposalId));
      if (found.inquiryId)
        await markInquiryWon(tx, found.inquiryId, clientId, { id: signer.userId, name: signer.contact.name });
      return { found, sealed, fileName, total, projectId, contractId: contract.id };
    });
    written.length = 0;
    await mailAccepted(accepted, signer);
    return { contractId: accepted.contractId, projectId: accepted.projectId, total: accepted.total };
  } finally {
    // The transaction did not commit: the sealed files it wrote go too.
    if (written.length) await deleteKeysQuietly(storage(), written);
  }
}

/** A write on the locked proposal while its latest sent version, the one the buyer saw, is open. */
async function answerOpen(
  clientId: string,
  proposalId: string,
  seenVersion: number,
  today: string,
  write: (tx: Tx, found: ClientVersion) => Promise<unknown>,
): Promise<ClientVersion> {
  return db().transaction(async (tx) => {
    await withActor(tx);
    const found = await lockOpen(tx, clientId, proposalId, today);
    assertSameVersion(found, seenVersion);
    await write(tx, found);
    return found;
  });
}

/** Declines the latest sent version with the buyer's reason. */
export async function declineProposal(
  clientId: string,
  proposalId: string,
  signer: SignerContext,
  input: { reason: string; seenVersion: number },
  today = localToday(),
): Promise<void> {
  const found = await answerOpen(clientId, proposalId, input.seenVersion, today, async (tx, found) => {
    await tx.insert(proposalAcceptances).values({
      proposalId,
      versionId: found.versionId,
      outcome: "declined",
      contactId: signer.contact.contactId,
      userId: signer.userId,
      name: signer.contact.name,
      email: signer.codeSignIn.email,
      contentSha256: found.contentSha256,
      declineReason: input.reason,
      ip: signer.ip,
      userAgent: signer.userAgent?.slice(0, 512) ?? null,
    });
    await tx
      .update(proposals)
      .set({ status: "declined", closedAt: sql`now()` })
      .where(eq(proposals.id, proposalId));
  });
  await mailOwner(found, `Declined: ${found.title}`, [
    `${signer.contact.name} declined version ${found.number} of "${found.title}" in the client portal.`,
    `Their reason: ${input.reason}`,
  ]);
}

/** The buyer asks for changes: their comment opens (or continues) the thread, and the proposal waits for a new version. */
export async function requestProposalChanges(
  clientId: string,
  proposalId: string,
  signer: SignerContext,
  input: { comment: string; seenVersion: number },
  today = localToday(),
): Promise<void> {
  const found = await answerOpen(clientId, proposalId, input.seenVersion, today, async (tx, found) => {
    await tx.insert(proposalComments).values({
      proposalId,
      versionId: found.versionId,
      author: "client",
      userId: signer.userId,
      contactId: signer.contact.contactId,
      name: signer.contact.name,
      body: input.comment,
      requestsChanges: true,
    });
    await tx.update(proposals).set({ status: "changes_requested" }).where(eq(proposals.id, proposalId));
  });
  await mailOwner(found, `Changes requested: ${found.title}`, [
    `${signer.contact.name} asked for changes to version ${found.number} of "${found.title}" in the client portal:`,
    input.comment,
    "Answer them in the proposal's thread, or edit the proposal and send the new version.",
  ]);
}

const adminLink = (proposalId: string) => ({
  label: "Open the proposal",
  url: `${appOrigin()}/admin/proposals/${proposalId}`,
});

/** The proposal's owner (or every active staff member if it has none left); a failed mail is logged. */
async function mailOwner(
  found: ClientVersion,
  subject: string,
  paragraphs: string[],
  attachments?: { filename: string; content: Buffer; contentType: string }[],
) {
  for (const to of await staffOrEveryone(found.ownerId)) {
    try {
      await sendMail(await brandedMail({ to, subject, paragraphs, action: adminLink(found.id), attachments }));
    } catch (error) {
      logger().error({ err: error, to, proposal: found.id }, "proposal answer mail not sent");
    }
  }
}

async function mailAccepted(
  accepted: { found: ClientVersion; sealed: Buffer; fileName: string; total: number },
  signer: SignerContext,
) {
  const { found, sealed, fileName, total } = accepted;
  const attachments = [{ filename: fileName, content: sealed, contentType: "application/pdf" }];
  const amount = formatMoney(total, found.money);
  try {
    await sendMail(
      await brandedMail({
        to: signer.contact.email,
        subject: `Accepted: ${found.title}`,
        paragraphs: [
          `Hello ${signer.contact.name},`,
          `Thank you for accepting "${found.title}" (version ${found.number}, ${amount}). The accepted proposal, with its completion certificate, is attached.`,
          "We will send you the contract to sign in the client portal.",
        ],
        action: { label: "See the proposal", url: `${appOrigin()}/portal/proposals/${found.id}` },
        attachments,
      }),
    );
  } catch (error) {
    logger().error({ err: error, to: signer.contact.email, proposal: found.id }, "proposal acceptance mail not sent");
  }
  await mailOwner(
    found,
    `Accepted: ${found.title}`,
    [
      `${signer.contact.name} accepted version ${found.number} of "${found.title}" in the client portal, at ${amount}.`,
      "A draft contract with the sealed acceptance as its document is ready to send for signature. The sealed PDF is attached.",
    ],
    attachments,
  );
}
