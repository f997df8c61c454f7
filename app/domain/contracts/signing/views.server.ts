// What the portal's contract page and the staff contract page read about a
// contract's signing: recipients, the event trail, who may still be asked.
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { db, schema } from "~/.server/db";
import { storage } from "~/.server/storage";
import { safeDocumentName } from "../document";
import { localToday } from "../rules";
import { effectiveStatus } from "../status.server";
import { listContractEvents } from "./events.server";

const { contracts, contractRecipients, contacts, projects } = schema;

/** This contact was asked to sign the contract (a select's field over `contracts`). */
export const askedToSign = (contactId: string) =>
  sql<boolean>`exists (select 1 from ${contractRecipients} r where r.contract_id = ${contracts.id} and r.contact_id = ${contactId})`;

/** The contract, when it is this client's and has been sent (a client never sees a draft). */
const clientsSentContract = (clientId: string, contractId: string) =>
  and(eq(contracts.id, contractId), eq(projects.clientId, clientId), ne(contracts.status, "draft"));

/** A contract of this client (never a draft) as the portal shows it, or null. */
export async function getPortalContract(clientId: string, contactId: string, contractId: string) {
  const [row] = await db()
    .select({
      id: contracts.id,
      title: contracts.title,
      status: effectiveStatus(localToday()),
      projectId: contracts.projectId,
      projectTitle: projects.title,
      dateSent: contracts.dateSent,
      dateSigned: contracts.dateSigned,
      expiresOn: contracts.expiresOn,
      signedAt: contracts.signedAt,
      declinedReason: contracts.declinedReason,
      documentName: contracts.documentName,
      hasDocument: sql<boolean>`${contracts.documentKey} is not null`,
      sealed: sql<boolean>`${contracts.signedDocumentKey} is not null`,
      forMe: askedToSign(contactId),
    })
    .from(contracts)
    .innerJoin(projects, eq(projects.id, contracts.projectId))
    .where(clientsSentContract(clientId, contractId));
  if (!row) return null;
  const signer = row.sealed
    ? (await listContractEvents(contractId)).filter((event) => event.type === "signed").at(-1)
    : undefined;
  return { ...row, signedBy: signer ? signer.name : null };
}

export type PortalContract = NonNullable<Awaited<ReturnType<typeof getPortalContract>>>;

/** The PDF a client may read: the sealed copy once signed, else the document as sent. */
export async function openPortalDocument(clientId: string, contractId: string) {
  const [row] = await db()
    .select({ key: contracts.documentKey, signedKey: contracts.signedDocumentKey, name: contracts.documentName })
    .from(contracts)
    .innerJoin(projects, eq(projects.id, contracts.projectId))
    .where(clientsSentContract(clientId, contractId));
  const key = row?.signedKey ?? row?.key;
  if (!row || !key) return null;
  const object = await storage().get(key);
  if (!object) return null;
  const name = safeDocumentName(row.name);
  return { name: row.signedKey ? name.replace(/\.pdf$/, " - signed.pdf") : name, body: object.body, size: object.size };
}

/** The staff page's signing card: recipients, the timeline, and the contacts a send may choose. */
export async function getContractSigning(contractId: string) {
  const [contract] = await db()
    .select({ clientId: projects.clientId, sealed: sql<boolean>`${contracts.signedDocumentKey} is not null` })
    .from(contracts)
    .innerJoin(projects, eq(projects.id, contracts.projectId))
    .where(eq(contracts.id, contractId));
  if (!contract) return null;
  const [recipients, events, choices] = await Promise.all([
    db()
      .select({
        contactId: contractRecipients.contactId,
        name: contractRecipients.name,
        email: contractRecipients.email,
      })
      .from(contractRecipients)
      .where(eq(contractRecipients.contractId, contractId))
      .orderBy(asc(contractRecipients.name)),
    listContractEvents(contractId),
    db()
      .select({
        id: contacts.id,
        name: contacts.name,
        email: contacts.email,
        hasPortalAccess: sql<boolean>`${contacts.userId} is not null`,
      })
      .from(contacts)
      .where(eq(contacts.clientId, contract.clientId))
      .orderBy(asc(contacts.name)),
  ]);
  return {
    sealed: contract.sealed,
    recipients,
    events: events.map(({ details, ...event }) => ({
      ...event,
      at: event.at.toISOString(),
      reason: typeof details.reason === "string" ? details.reason : null,
    })),
    choices,
  };
}

export type ContractSigning = NonNullable<Awaited<ReturnType<typeof getContractSigning>>>;
