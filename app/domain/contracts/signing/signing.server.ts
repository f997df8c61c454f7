// Signing a contract through the client portal. Staff send a contract (with
// its document) to contacts of the project's client; each step — sent, viewed,
// signed, declined, voided — changes the contract and records its event in one
// transaction. Signing seals a copy of the document as sent with its
// completion certificate; the sealed file is written before the commit and
// removed if the transaction fails, so a failed seal leaves the contract sent.
import crypto from "node:crypto";
import type { Readable } from "node:stream";
import { and, eq, gte, inArray, isNotNull, max } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { CodeSignIn } from "~/.server/auth/access";
import { db, schema, type Tx } from "~/.server/db";
import { withActor } from "~/.server/db/history-scope";
import { appOrigin } from "~/.server/env";
import { deleteKeysQuietly } from "~/.server/images/delete";
import { logger } from "~/.server/logger";
import { sendMail } from "~/.server/mail";
import { storage } from "~/.server/storage";
import { contractDocumentKey } from "~/domain/media/stored-files.server";
import { InvalidInputError, NotFoundError } from "../../errors";
import { brandedMail, companyName } from "../../company/branded-mail.server";
import { staffOrEveryone } from "../../users/staff-recipients.server";
import type { PortalContact } from "../../contacts/portal-access.server";
import { localToday } from "../rules";
import { AWAITING_SIGNATURE, type ContractStatus } from "../schema";
import type { CertificateEvent } from "./certificate.server";
import { SIGNING_CONSENT } from "./consent";
import { type EventActor, listContractEvents, recordContractEvent } from "./events.server";
import { assertTypedName, drawnSignaturePng } from "./signature.server";

const { contracts, contractRecipients, contacts, projects, clients } = schema;

export const SIGNING_REFUSALS = {
  noDocument: "Attach the contract's document before sending it for signature.",
  notSendable: "This contract is already out for signature or signed. Void it first to send it again.",
  signed: "This contract is signed: it cannot change any more.",
  notAwaiting: "This contract is no longer waiting for a signature.",
  expired: "The time to sign this contract has passed. Contact us for a new copy.",
  notRecipient: "This contract was sent to someone else at your organisation: only they can sign it.",
  changed: "The document changed since it was sent, so it cannot be signed. Contact us for a new copy.",
  unreadable:
    "This document cannot be sent for signature: it is not a PDF we can add a certificate to (it may be password-protected).",
  expiryPast: "The last day to sign cannot be in the past.",
  recipients: "Choose contacts of this project's client who have an email address and portal access.",
} as const;

export const sha256 = (bytes: Uint8Array | string) => crypto.createHash("sha256").update(bytes).digest("hex");

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

async function readStored(key: string): Promise<Buffer> {
  const object = await storage().get(key);
  if (!object) throw new InvalidInputError("The contract's document file is missing. Attach it again.");
  return readAll(object.body);
}

async function lockContract(tx: Tx, contractId: string) {
  const [row] = await tx
    .select({
      id: contracts.id,
      title: contracts.title,
      status: contracts.status,
      projectId: contracts.projectId,
      documentKey: contracts.documentKey,
      documentName: contracts.documentName,
      documentSha256: contracts.documentSha256,
      expiresOn: contracts.expiresOn,
      signedDocumentKey: contracts.signedDocumentKey,
      projectTitle: projects.title,
      clientId: projects.clientId,
      clientName: clients.name,
    })
    .from(contracts)
    .innerJoin(projects, eq(projects.id, contracts.projectId))
    .innerJoin(clients, eq(clients.id, projects.clientId))
    .where(eq(contracts.id, contractId))
    .for("update", { of: contracts });
  if (!row) throw new NotFoundError("This contract no longer exists.");
  return row;
}

const contractName = (row: { title: string | null; projectTitle: string }) =>
  row.title ?? `${row.projectTitle} contract`;

/** Sent or viewed, and not past its last day. */
function assertAwaiting(row: { status: string; expiresOn: string | null }, today: string) {
  if (row.status === "signed") throw new InvalidInputError(SIGNING_REFUSALS.signed);
  if (!AWAITING_SIGNATURE.includes(row.status as ContractStatus))
    throw new InvalidInputError(SIGNING_REFUSALS.notAwaiting);
  if (row.expiresOn && row.expiresOn < today) throw new InvalidInputError(SIGNING_REFUSALS.expired);
}

// ---- Staff: send and void ---------------------------------------------------

export interface SendInput {
  contractId: string;
  contactIds: string[];
  expiresOn: string | null;
  actor: EventActor;
  today?: string;
}

/** Sends a contract for signature: recipients, the document's hash and the event, then one mail each. */
export async function sendForSignature(input: SendInput): Promise<{ recipients: number }> {
  const today = input.today ?? localToday();
  if (input.expiresOn && input.expiresOn < today) throw new InvalidInputError(SIGNING_REFUSALS.expiryPast, "expiresOn");
  const sent = await db().transaction(async (tx) => {
    await withActor(tx);
    const contract = await lockContract(tx, input.contractId);
    if (contract.status === "signed") throw new InvalidInputError(SIGNING_REFUSALS.signed);
    if (AWAITING_SIGNATURE.includes(contract.status as ContractStatus))
      throw new InvalidInputError(SIGNING_REFUSALS.notSendable);
    if (!contract.documentKey) throw new InvalidInputError(SIGNING_REFUSALS.noDocument);
    const chosen = [...new Set(input.contactIds)];
    const people = await tx
      .select({ id: contacts.id, name: contacts.name, email: contacts.email })
      .from(contacts)
      .where(and(inArray(contacts.id, chosen), eq(contacts.clientId, contract.clientId), isNotNull(contacts.userId)));
    if (chosen.length === 0 || people.length !== chosen.length || people.some((person) => !person.email)) {
      throw new InvalidInputError(SIGNING_REFUSALS.recipients, "contactIds");
    }
    const bytes = await readStored(contract.documentKey);
    // Found now rather than when the client signs: a document the certificate cannot be added to.
    // pdf-lib is loaded at first use: start-up does not need it (issue 27's start-up budget).
    const { PDFDocument } = await import("pdf-lib");
    await PDFDocument.load(bytes, { updateMetadata: false }).catch(() => {
      throw new InvalidInputError(SIGNING_REFUSALS.unreadable);
    });
    await tx
      .update(contracts)
      .set({
        status: "sent",
        dateSent: today,
        dateSigned: null,
        expiresOn: input.expiresOn,
        documentSha256: sha256(bytes),
        declinedReason: null,
        reminderSentAt: null,
      })
      .where(eq(contracts.id, contract.id));
    await tx.delete(contractRecipients).where(eq(contractRecipients.contractId, contract.id));
    await tx.insert(contractRecipients).values(
      people.map((person) => ({
        contractId: contract.id,
        contactId: person.id,
        name: person.name,
        email: person.email!,
      })),
    );
    await recordContractEvent(tx, contract.id, "sent", input.actor, {
      recipients: people.map((person) => ({ name: person.name, email: person.email })),
      documentSha256: sha256(bytes),
      expiresOn: input.expiresOn,
    });
    return { contract, people };
  });
  for (const person of sent.people) {
    await mailRecipient(person.email!, person.name, sent.contract, {
      subject: `Please review and sign: ${contractName(sent.contract)}`,
      lines: [`We sent you ${contractName(sent.contract)} (${sent.contract.projectTitle}) to review and sign online.`],
      expiresOn: input.expiresOn,
    });
  }
  return { recipients: sent.people.length };
}

async function mailRecipient(
  to: string,
  name: string,
  contract: { id: string },
  message: { subject: string; lines: string[]; expiresOn: string | null },
) {
  try {
    await sendMail(
      await brandedMail({
        to,
        subject: message.subject,
        paragraphs: [
          `Hello ${name},`,
          ...message.lines,
          ...(message.expiresOn ? [`Please sign by ${message.expiresOn}.`] : []),
          "Sign in to the client portal with this email address: we email you a 6-digit code, no password needed.",
        ],
        action: { label: "Review and sign", url: `${appOrigin()}/portal/contracts/${contract.id}` },
      }),
    );
  } catch (error) {
    logger().error({ err: error, to, contract: contract.id }, "contract mail not sent");
  }
}

/** Staff withdraw a contract out for signature. */
export async function voidContract(contractId: string, actor: EventActor): Promise<{ name: string }> {
  return db().transaction(async (tx) => {
    await withActor(tx);
    const contract = await lockContract(tx, contractId);
    if (contract.status === "signed") throw new InvalidInputError(SIGNING_REFUSALS.signed);
    if (!AWAITING_SIGNATURE.includes(contract.status as ContractStatus))
      throw new InvalidInputError(SIGNING_REFUSALS.notAwaiting);
    await tx.update(contracts).set({ status: "voided" }).where(eq(contracts.id, contractId));
    await recordContractEvent(tx, contractId, "voided", actor);
    return { name: contractName(contract) };
  });
}

// ---- The client: view, decline, sign ------------------------------------------

export interface SignerContext {
  contact: PortalContact;
  userId: string;
  /** What the signer's portal sign-in proved: the address its code was mailed to, and when. */
  codeSignIn: CodeSignIn;
  ip: string | null;
  userAgent: string | null;
}

const signerActor = (signer: SignerContext): EventActor => ({
  userId: signer.userId,
  contactId: signer.contact.contactId,
  name: signer.contact.name,
  email: signer.codeSignIn.email,
  ip: signer.ip,
  userAgent: signer.userAgent,
});

async function isRecipient(tx: Tx, contractId: string, contactId: string): Promise<boolean> {
  const [row] = await tx
    .select({ contactId: contractRecipients.contactId })
    .from(contractRecipients)
    .where(and(eq(contractRecipients.contractId, contractId), eq(contractRecipients.contactId, contactId)));
  return Boolean(row);
}

/** When the contract was last sent (a subquery). */
function lastSent(tx: Tx, contractId: string) {
  const sent = alias(schema.contractEvents, "sent");
  return tx
    .select({ at: max(sent.at) })
    .from(sent)
    .where(and(eq(sent.contractId, contractId), eq(sent.type, "sent")));
}

/** A recipient opened the contract: the first time, it is "viewed" (and their first view is recorded). */
export async function recordView(contractId: string, signer: SignerContext, today = localToday()): Promise<void> {
  await db().transaction(async (tx) => {
    await withActor(tx);
    const contract = await lockContract(tx, contractId);
    if (contract.clientId !== signer.contact.clientId) return;
    if (
      !AWAITING_SIGNATURE.includes(contract.status as ContractStatus) ||
      (contract.expiresOn && contract.expiresOn < today)
    )
      return;
    if (!(await isRecipient(tx, contractId, signer.contact.contactId))) return;
    const [seen] = await tx
      .select({ id: schema.contractEvents.id })
      .from(schema.contractEvents)
      .where(
        and(
          eq(schema.contractEvents.contractId, contractId),
          eq(schema.contractEvents.type, "viewed"),
          eq(schema.contractEvents.contactId, signer.contact.contactId),
          gte(schema.contractEvents.at, lastSent(tx, contractId)),
        ),
      );
    if (seen) return;
    if (contract.status === "sent")
      await tx.update(contracts).set({ status: "viewed" }).where(eq(contracts.id, contractId));
    await recordContractEvent(tx, contractId, "viewed", signerActor(signer));
  });
}

async function assertSigner(tx: Tx, contract: { id: string; clientId: string }, signer: SignerContext) {
  // Another client's contract does not exist for this person.
  if (contract.clientId !== signer.contact.clientId) throw new NotFoundError("This contract does not exist.");
  if (!(await isRecipient(tx, contract.id, signer.contact.contactId)))
    throw new InvalidInputError(SIGNING_REFUSALS.notRecipient);
}

export async function declineContract(contractId: string, signer: SignerContext, reason: string, today = localToday()) {
  await db().transaction(async (tx) => {
    await withActor(tx);
    const contract = await lockContract(tx, contractId);
    await assertSigner(tx, contract, signer);
    assertAwaiting(contract, today);
    await tx.update(contracts).set({ status: "declined", declinedReason: reason }).where(eq(contracts.id, contractId));
    await recordContractEvent(tx, contractId, "declined", signerActor(signer), { reason });
  });
}

export interface SignInput {
  typedName: string;
  /** The drawn signature as sent by the browser (a PNG data URL), if any. */
  signatureDataUrl?: string;
}

/**
 * Signs: checks the signer, the status and the document's hash, appends the
 * completion certificate, seals, stores the sealed file and commits the
 * contract as signed with its event. Mails the sealed PDF to the signer and
 * to the staff who sent it after the commit.
 */
export async function signContract(
  contractId: string,
  signer: SignerContext,
  input: SignInput,
  options: { today?: string; now?: Date } = {},
): Promise<void> {
  const today = options.today ?? localToday();
  assertTypedName(input.typedName);
  const png = await drawnSignaturePng(input.signatureDataUrl);
  // Read before the transaction: the embedded database has one connection, held by it.
  const company = await companyName();
  let writtenKey: string | null = null;
  try {
    const signed = await db().transaction(async (tx) => {
      await withActor(tx);
      const contract = await lockContract(tx, contractId);
      await assertSigner(tx, contract, signer);
      assertAwaiting(contract, today);
      if (!contract.documentKey || !contract.documentSha256) throw new InvalidInputError(SIGNING_REFUSALS.changed);
      const original = await readStored(contract.documentKey);
      if (sha256(original) !== contract.documentSha256) throw new InvalidInputError(SIGNING_REFUSALS.changed);

      const now = options.now ?? new Date();
      const history = await listContractEvents(contractId, tx);
      const lastSent = history.filter((event) => event.type === "sent").at(-1)!;
      const round = history.filter((event) => event.at >= lastSent.at);
      const events: CertificateEvent[] = [
        lastSent,
        // The signer's first view (the signing page is the view: recorded now if it was not yet).
        round.find((event) => event.type === "viewed" && event.contactId === signer.contact.contactId) ?? {
          ...signerActor(signer),
          type: "viewed",
          at: now,
        },
        { ...signerActor(signer), type: "signed", at: now },
      ];
      if (!round.some((event) => event.type === "viewed" && event.contactId === signer.contact.contactId)) {
        await recordContractEvent(tx, contractId, "viewed", signerActor(signer), {}, now);
      }
      const consentSha256 = sha256(SIGNING_CONSENT);
      // The PDF and signing libraries are loaded at first use: start-up does not need them.
      const [{ appendCertificate }, { sealPdf }] = await Promise.all([
        import("./certificate.server"),
        import("~/.server/signing/seal"),
      ]);
      const prepared = await appendCertificate(original, {
        company,
        origin: appOrigin(),
        subject: {
          summary: "Electronic signature of the document on the pages before this one.",
          facts: [
            ["Contract", `${contractName(contract)} (${contract.id})`],
            ["Project", `${contract.projectTitle} · Client: ${contract.clientName}`],
            ["Document", contract.documentName ?? "contract.pdf"],
            ["SHA-256 of the document as sent", contract.documentSha256],
          ],
        },
        sealReason: "Signed by the client in the client portal; completion certificate appended",
        signer: {
          name: signer.contact.name,
          email: signer.codeSignIn.email,
          codeMailedAt: signer.codeSignIn.mailedAt,
          typedName: input.typedName,
        },
        consentText: SIGNING_CONSENT,
        consentSha256,
        events,
        signaturePng: png,
      });
      const sealed = await sealPdf(prepared, now);
      const key = contractDocumentKey();
      await storage().put(key, sealed, { contentType: "application/pdf" });
      writtenKey = key;
      await tx
        .update(contracts)
        .set({
          status: "signed",
          dateSigned: today,
          signedAt: now,
          signedDocumentKey: key,
          signedDocumentBytes: sealed.length,
        })
        .where(eq(contracts.id, contractId));
      await recordContractEvent(
        tx,
        contractId,
        "signed",
        signerActor(signer),
        {
          typedName: input.typedName,
          drawnSignature: png !== null,
          consentSha256,
          documentSha256: contract.documentSha256,
          sealedSha256: sha256(sealed),
        },
        now,
      );
      return { contract, sealed, sender: lastSent.userId };
    });
    writtenKey = null;
    await mailSigned(signed, signer);
  } finally {
    // The transaction did not commit: the sealed file it wrote goes too.
    if (writtenKey) await deleteKeysQuietly(storage(), [writtenKey]);
  }
}

async function mailSigned(
  signed: { contract: Awaited<ReturnType<typeof lockContract>>; sealed: Buffer; sender: string | null },
  signer: SignerContext,
) {
  const name = contractName(signed.contract);
  const attachments = [
    {
      filename: `${name.replace(/[^\w .-]+/g, "_")} - signed.pdf`,
      content: signed.sealed,
      contentType: "application/pdf",
    },
  ];
  // Staff's copy: the sender, or every active staff member if the sender has left or is no longer staff.
  const staff = await staffOrEveryone(signed.sender);
  const mails = [
    {
      to: signer.contact.email,
      lines: [`Thank you for signing ${name}. The signed contract, with its completion certificate, is attached.`],
    },
    ...staff.map((to) => ({
      to,
      lines: [
        `${signer.contact.name} (${signed.contract.clientName}) signed ${name}. The sealed PDF with its completion certificate is attached.`,
      ],
    })),
  ];
  for (const mail of mails) {
    try {
      await sendMail(
        await brandedMail({ to: mail.to, subject: `Signed: ${name}`, paragraphs: mail.lines, attachments }),
      );
    } catch (error) {
      logger().error({ err: error, to: mail.to }, "signed contract mail not sent");
    }
  }
}
