// Proposals on the database: the list (status, client, search), one proposal
// with its versions, creating one (blank, from a template, from an inquiry),
// saving its draft, sending (freezing the draft as a version), withdrawing and
// deleting. Totals are computed here with totals.ts, never taken from a form.
import { createHash } from "node:crypto";
import { and, asc, count, desc, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { db, schema, type Tx } from "~/.server/db";
import { containsText } from "~/.server/db/text-search";
import { PAGE_SIZE, pageOf } from "~/lib/pagination";
import type { ProposalStatus } from "~/tables/proposals";
import { InvalidInputError, NotFoundError } from "../errors";
import { updateIfUnchanged, withVersion } from "../versioned-update.server";
import { EMPTY_CONTENT, hashedText, readContent, type VersionContent } from "./content";
import type { MoneyFormat } from "./money";
import { priceProposal } from "./totals";

const { proposals, proposalVersions, clients, projects, inquiries, proposalRecipients, contacts } = schema;

export interface ProposalListQuery {
  q?: string;
  status?: ProposalStatus | "";
  clientId?: string;
  page: number;
}

/** A sent or viewed proposal past its valid-until date reads as expired (as a contract does). */
export function effectiveProposalStatus(today: string) {
  return sql<ProposalStatus>`case when ${proposals.status} in ('sent', 'viewed', 'changes_requested') and ${proposals.validUntil} < ${today}::date then 'expired' else ${proposals.status} end`;
}

const latestVersion = sql`(select v.id from proposal_versions v where v.proposal_id = ${proposals.id} order by v.number desc limit 1)`;

function listFilters(query: Omit<ProposalListQuery, "page">, today: string): SQL | undefined {
  return and(
    containsText(query.q, [proposals.title, clients.name]),
    query.status ? sql`${effectiveProposalStatus(today)} = ${query.status}` : undefined,
    query.clientId ? eq(proposals.clientId, query.clientId) : undefined,
  );
}

export async function listProposals(query: ProposalListQuery, today: string) {
  const rows = await db()
    .select({
      id: proposals.id,
      title: proposals.title,
      status: effectiveProposalStatus(today),
      clientId: proposals.clientId,
      clientName: clients.name,
      projectTitle: projects.title,
      validUntil: proposals.validUntil,
      version: proposalVersions.number,
      sent: sql<boolean>`${proposalVersions.sentAt} is not null`,
      amount: proposalVersions.total,
      currency: proposalVersions.currency,
      locale: proposalVersions.locale,
      updatedAt: proposals.updatedAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(proposals)
    .innerJoin(clients, eq(clients.id, proposals.clientId))
    .leftJoin(projects, eq(projects.id, proposals.projectId))
    .leftJoin(proposalVersions, eq(proposalVersions.id, latestVersion))
    .where(listFilters(query, today))
    .orderBy(desc(proposals.updatedAt), desc(proposals.id))
    .limit(PAGE_SIZE)
    .offset((query.page - 1) * PAGE_SIZE);
  return pageOf(rows, query.page, async () => {
    const [row] = await db()
      .select({ n: count() })
      .from(proposals)
      .innerJoin(clients, eq(clients.id, proposals.clientId))
      .where(listFilters(query, today));
    return row?.n ?? 0;
  });
}

export type ProposalListRow = Awaited<ReturnType<typeof listProposals>>["rows"][number];

/** The company's money format (Settings → Company). */
export async function companyMoney(): Promise<MoneyFormat> {
  const [row] = await db()
    .select({ currency: schema.companySettings.currency, locale: schema.companySettings.locale })
    .from(schema.companySettings)
    .where(eq(schema.companySettings.id, 1));
  return row ?? { currency: "USD", locale: "en-US" };
}

export interface VersionSummary {
  id: string;
  number: number;
  sentAt: Date | null;
  sentByName: string | null;
  total: number;
  totalWithOptional: number;
  lineCount: number;
  currency: string;
  locale: string;
  contentSha256: string | null;
}

const versionSummary = {
  id: proposalVersions.id,
  number: proposalVersions.number,
  sentAt: proposalVersions.sentAt,
  sentByName: proposalVersions.sentByName,
  total: proposalVersions.total,
  totalWithOptional: proposalVersions.totalWithOptional,
  lineCount: proposalVersions.lineCount,
  currency: proposalVersions.currency,
  locale: proposalVersions.locale,
  contentSha256: proposalVersions.contentSha256,
};

/** One proposal with its client, project, inquiry and every version (newest first), or null. */
export async function getProposal(id: string, today: string) {
  const [row] = await db()
    .select({
      id: proposals.id,
      title: proposals.title,
      status: effectiveProposalStatus(today),
      storedStatus: proposals.status,
      validUntil: proposals.validUntil,
      clientId: proposals.clientId,
      clientName: clients.name,
      projectId: proposals.projectId,
      projectTitle: projects.title,
      inquiryId: proposals.inquiryId,
      inquiryName: inquiries.name,
      contractId: proposals.contractId,
      ownerId: proposals.ownerId,
      ownerName: schema.user.name,
      createdAt: proposals.createdAt,
      updatedAt: proposals.updatedAt,
    })
    .from(proposals)
    .innerJoin(clients, eq(clients.id, proposals.clientId))
    .leftJoin(projects, eq(projects.id, proposals.projectId))
    .leftJoin(inquiries, eq(inquiries.id, proposals.inquiryId))
    .leftJoin(schema.user, eq(schema.user.id, proposals.ownerId))
    .where(eq(proposals.id, id));
  if (!row) return null;
  const versions: VersionSummary[] = await db()
    .select(versionSummary)
    .from(proposalVersions)
    .where(eq(proposalVersions.proposalId, id))
    .orderBy(desc(proposalVersions.number));
  return { ...withVersion(row), versions };
}

export type ProposalRecord = NonNullable<Awaited<ReturnType<typeof getProposal>>>;

/** The id of the proposal's version `number`, or of its latest when `number` is null; null when there is none. */
export async function versionIdByNumber(proposalId: string, number: number | null): Promise<string | null> {
  const [row] = await db()
    .select({ id: proposalVersions.id })
    .from(proposalVersions)
    .where(
      and(
        eq(proposalVersions.proposalId, proposalId),
        number === null ? undefined : eq(proposalVersions.number, number),
      ),
    )
    .orderBy(desc(proposalVersions.number))
    .limit(1);
  return row?.id ?? null;
}

/** One version's content and summary, or null when it is not this proposal's. */
export async function getVersion(proposalId: string, versionId: string) {
  const [row] = await db()
    .select({ ...versionSummary, content: proposalVersions.content, updatedAt: proposalVersions.updatedAt })
    .from(proposalVersions)
    .where(and(eq(proposalVersions.id, versionId), eq(proposalVersions.proposalId, proposalId)));
  if (!row) return null;
  const { content, ...summary } = withVersion(row);
  return { ...summary, content: readContent(content) };
}

/** The totals a version stores, from its lines. */
function versionTotals(content: VersionContent) {
  const lines = content.lines;
  return {
    total: priceProposal(lines).totals.gross,
    totalWithOptional: priceProposal(
      lines,
      lines.map((line) => line.id),
    ).totals.gross,
    lineCount: lines.length,
  };
}

export interface NewProposal {
  clientId: string;
  title: string;
  projectId?: string | null;
  inquiryId?: string | null;
  validUntil?: string | null;
  /** Start from this content (a template's), or blank. */
  content?: VersionContent;
  userId: string | null;
}

/** A proposal and its first draft (v1). */
export async function createProposal(input: NewProposal): Promise<{ id: string }> {
  const money = await companyMoney();
  const content = input.content ?? EMPTY_CONTENT;
  return db().transaction(async (tx) => {
    const [created] = await tx
      .insert(proposals)
      .values({
        clientId: input.clientId,
        title: input.title,
        projectId: input.projectId ?? null,
        inquiryId: input.inquiryId ?? null,
        validUntil: input.validUntil ?? null,
        ownerId: input.userId,
        createdBy: input.userId,
      })
      .returning({ id: proposals.id });
    await tx.insert(proposalVersions).values({
      proposalId: created!.id,
      number: 1,
      content: content as never,
      ...money,
      ...versionTotals(content),
      createdBy: input.userId,
    });
    return created!;
  });
}

async function lockProposal(tx: Tx, id: string) {
  const [row] = await tx
    .select({ id: proposals.id, title: proposals.title, status: proposals.status, updatedAt: proposals.updatedAt })
    .from(proposals)
    .where(eq(proposals.id, id))
    .for("update");
  if (!row) throw new NotFoundError("This proposal no longer exists.");
  return row;
}

const CLOSED: ProposalStatus[] = ["accepted", "declined", "withdrawn"];

function assertOpen(status: ProposalStatus) {
  if (CLOSED.includes(status))
    throw new InvalidInputError(`This proposal was ${status}: it can no longer change. Start a new proposal instead.`);
}

/** The draft version, made from the latest sent one when there is none (editing a sent proposal). */
async function draftOf(tx: Tx, proposalId: string, userId: string | null) {
  const [latest] = await tx
    .select({
      id: proposalVersions.id,
      number: proposalVersions.number,
      sentAt: proposalVersions.sentAt,
      content: proposalVersions.content,
    })
    .from(proposalVersions)
    .where(eq(proposalVersions.proposalId, proposalId))
    .orderBy(desc(proposalVersions.number))
    .limit(1);
  if (latest && !latest.sentAt) return { id: latest.id, number: latest.number };
  const money = await companyMoneyIn(tx);
  const content = readContent(latest?.content);
  const [draft] = await tx
    .insert(proposalVersions)
    .values({
      proposalId,
      number: (latest?.number ?? 0) + 1,
      content: content as never,
      ...money,
      ...versionTotals(content),
      createdBy: userId,
    })
    .returning({ id: proposalVersions.id, number: proposalVersions.number });
  return draft!;
}

async function companyMoneyIn(tx: Tx): Promise<MoneyFormat> {
  const [row] = await tx
    .select({ currency: schema.companySettings.currency, locale: schema.companySettings.locale })
    .from(schema.companySettings)
    .where(eq(schema.companySettings.id, 1));
  return row ?? { currency: "USD", locale: "en-US" };
}

export interface DraftValues {
  title: string;
  validUntil: string | null;
  projectId: string | null;
  content: VersionContent;
}

/**
 * Saves what the editor sent as the proposal's draft: into the draft version,
 * or into a new one (the next number) when the latest was sent. `version` is
 * the proposal's token (its updated_at) from when the editor loaded it.
 * Returns the draft version's id and the proposal's new token.
 */
export async function saveDraft(input: {
  id: string;
  version: string;
  values: DraftValues;
  userId: string | null;
}): Promise<{ versionId: string; number: number; version: string }> {
  return db().transaction(async (tx) => {
    const proposal = await lockProposal(tx, input.id);
    assertOpen(proposal.status);
    const draft = await draftOf(tx, input.id, input.userId);
    const money = await companyMoneyIn(tx);
    const { content, title, validUntil, projectId } = input.values;
    await tx
      .update(proposalVersions)
      .set({ content: content as never, ...money, ...versionTotals(content) })
      .where(eq(proposalVersions.id, draft.id));
    const version = await updateIfUnchanged(
      tx,
      proposals,
      input.id,
      input.version,
      { title, validUntil, projectId },
      "proposal",
    );
    return { versionId: draft.id, number: draft.number, version };
  });
}

/** The SHA-256 (hex) of a version as sent. */
export function versionSha256(version: Parameters<typeof hashedText>[0]): string {
  return createHash("sha256").update(hashedText(version)).digest("hex");
}

export interface Sender {
  id: string | null;
  name: string;
}

/**
 * Sends the draft: freezes it (its hash, who sent it and when), records who it
 * goes to (contacts of the proposal's client with an address and portal access) and moves the
 * proposal to sent. Refuses an empty draft and a proposal with no one to send to.
 */
export async function sendProposal(input: {
  id: string;
  version: string;
  contactIds: string[];
  sender: Sender;
  today: string;
}): Promise<{
  versionId: string;
  number: number;
  title: string;
  validUntil: string | null;
  recipients: { contactId: string; name: string; email: string }[];
}> {
  return db().transaction(async (tx) => {
    const proposal = await lockProposal(tx, input.id);
    assertOpen(proposal.status);
    const [row] = await tx
      .select({
        id: proposalVersions.id,
        number: proposalVersions.number,
        content: proposalVersions.content,
        currency: proposalVersions.currency,
        locale: proposalVersions.locale,
        title: proposals.title,
        validUntil: proposals.validUntil,
        clientId: proposals.clientId,
      })
      .from(proposalVersions)
      .innerJoin(proposals, eq(proposals.id, proposalVersions.proposalId))
      .where(and(eq(proposalVersions.proposalId, input.id), isNull(proposalVersions.sentAt)));
    if (!row) throw new InvalidInputError("There are no changes to send: edit the proposal first.");
    const content = readContent(row.content);
    if (content.lines.length === 0) throw new InvalidInputError("Add at least one line before sending.", "lines");
    if (row.validUntil && row.validUntil < input.today)
      throw new InvalidInputError("The valid-until date has passed: choose a later one.", "validUntil");
    const recipients = input.contactIds.length
      ? await tx
          .select({ contactId: contacts.id, name: contacts.name, email: sql<string>`${contacts.email}` })
          .from(contacts)
          .where(
            and(
              eq(contacts.clientId, row.clientId),
              sql`${contacts.id} in (${sql.join(
                input.contactIds.map((id) => sql`${id}::uuid`),
                sql`, `,
              )})`,
              sql`btrim(coalesce(${contacts.email}, '')) <> ''`,
              // The portal is where it is read: a contact without an account could not open the link.
              isNotNull(contacts.userId),
            ),
          )
          .orderBy(asc(contacts.name))
      : [];
    if (recipients.length === 0)
      throw new InvalidInputError("Choose at least one of the client's contacts with portal access.", "contactIds");
    // The title and date travel with the version: a later edit of the proposal does not rewrite what was sent.
    const sent = { ...content, title: row.title, validUntil: row.validUntil };
    const sha = versionSha256({ currency: row.currency, locale: row.locale, content: sent });
    await tx
      .update(proposalVersions)
      .set({
        content: sent as never,
        contentSha256: sha,
        sentAt: sql`now()`,
        sentBy: input.sender.id,
        sentByName: input.sender.name,
      })
      .where(eq(proposalVersions.id, row.id));
    await tx
      .insert(proposalRecipients)
      .values(recipients.map((recipient) => ({ ...recipient, versionId: row.id, proposalId: input.id })));
    await updateIfUnchanged(tx, proposals, input.id, input.version, { status: "sent" }, "proposal");
    return { versionId: row.id, number: row.number, title: row.title, validUntil: row.validUntil, recipients };
  });
}

/** Withdraws a sent (or unsent) proposal: the buyer can no longer accept it. */
export async function withdrawProposal(id: string, version: string): Promise<void> {
  await db().transaction(async (tx) => {
    const proposal = await lockProposal(tx, id);
    assertOpen(proposal.status);
    await updateIfUnchanged(tx, proposals, id, version, { status: "withdrawn", closedAt: sql`now()` }, "proposal");
  });
}

/** Deletes a proposal that was never sent (a sent one is withdrawn instead: the buyer has seen it). */
export async function deleteProposal(id: string): Promise<{ name: string }> {
  return db().transaction(async (tx) => {
    const { title } = await lockProposal(tx, id);
    const [sent] = await tx
      .select({ id: proposalVersions.id })
      .from(proposalVersions)
      .where(and(eq(proposalVersions.proposalId, id), sql`${proposalVersions.sentAt} is not null`))
      .limit(1);
    if (sent) throw new InvalidInputError("This proposal was sent: withdraw it instead of deleting it.");
    await tx.delete(proposals).where(eq(proposals.id, id));
    return { name: title };
  });
}

/** Proposals of an inquiry (the pipeline's detail page lists them). */
export async function listInquiryProposals(inquiryId: string, today: string) {
  return db()
    .select({ id: proposals.id, title: proposals.title, status: effectiveProposalStatus(today) })
    .from(proposals)
    .where(eq(proposals.inquiryId, inquiryId))
    .orderBy(desc(proposals.createdAt));
}

/** The client's contacts with an address, and whether each has portal access (only those can be sent to). */
export async function recipientChoices(clientId: string) {
  return db()
    .select({
      id: contacts.id,
      name: contacts.name,
      email: sql<string>`${contacts.email}`,
      hasPortalAccess: sql<boolean>`${contacts.userId} is not null`,
    })
    .from(contacts)
    .where(and(eq(contacts.clientId, clientId), sql`btrim(coalesce(${contacts.email}, '')) <> ''`))
    .orderBy(asc(contacts.name));
}
