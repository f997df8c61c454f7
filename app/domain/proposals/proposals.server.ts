// Proposals on the database: the list (status, client, search), one proposal
// with its versions, creating one (blank, from a template, from an inquiry),
// saving its draft, sending (freezing the draft as a version), withdrawing and
// deleting. Totals are computed here with totals.ts, never taken from a form.
import { createHash } from "node:crypto";
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { db, schema, type Tx } from "~/.server/db";
import { withActor } from "~/.server/db/history-scope";
import { containsText } from "~/.server/db/text-search";
import { PAGE_SIZE, pageOf } from "~/lib/pagination";
import type { ProposalStatus } from "~/tables/proposals";
import { InvalidInputError, NotFoundError } from "../errors";
import { updateIfUnchanged, withVersion } from "../versioned-update.server";
import {
  type DesignPicture,
  EMPTY_CONTENT,
  hashedText,
  readContent,
  type StoredPicture,
  type VersionContent,
  type VersionLine,
} from "./content";
import type { MoneyFormat } from "./money";
import type { ProposalLine } from "./proposal-document";
import { priceProposal } from "./totals";

const {
  proposals,
  proposalVersions,
  proposalMedia,
  clients,
  projects,
  inquiries,
  proposalRecipients,
  contacts,
  playgroundOptions,
} = schema;

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

/** The id of a proposal's newest version (draft or sent). */
export const latestVersion = sql`(select v.id from proposal_versions v where v.proposal_id = ${proposals.id} order by v.number desc limit 1)`;

/** The list's search, status and client filters (the list and its CSV export). */
export function proposalFilters(query: Omit<ProposalListQuery, "page">, today: string): SQL | undefined {
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
    .where(proposalFilters(query, today))
    .orderBy(desc(proposals.updatedAt), desc(proposals.id))
    .limit(PAGE_SIZE)
    .offset((query.page - 1) * PAGE_SIZE);
  return pageOf(rows, query.page, async () => {
    const [row] = await db()
      .select({ n: count() })
      .from(proposals)
      .innerJoin(clients, eq(clients.id, proposals.clientId))
      .where(proposalFilters(query, today));
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
  /** Start from this template's content, or blank. */
  templateId?: string | null;
  userId: string | null;
}

/** Clients and their projects, for the new proposal's form (a project is optional, and of the chosen client). */
export async function proposalChoices() {
  const [clientRows, projectRows] = await Promise.all([
    db().select({ id: clients.id, name: clients.name }).from(clients).orderBy(asc(clients.name), asc(clients.id)),
    db()
      .select({ id: projects.id, title: projects.title, clientId: projects.clientId })
      .from(projects)
      .orderBy(asc(projects.title), asc(projects.id)),
  ]);
  return { clients: clientRows, projects: projectRows };
}

/** What "Create proposal" on an inquiry starts with: its client (once it became one) and a title; null when it does not exist. */
export async function inquiryPrefill(inquiryId: string) {
  const [row] = await db()
    .select({
      id: inquiries.id,
      name: inquiries.name,
      organisation: inquiries.organisation,
      clientId: inquiries.clientId,
    })
    .from(inquiries)
    .where(eq(inquiries.id, inquiryId));
  if (!row) return null;
  const who = row.organisation.trim() || row.name;
  return {
    inquiryId: row.id,
    inquiryName: row.name,
    clientId: row.clientId,
    title: `Playground proposal for ${who}`.slice(0, 200),
  };
}

/** Refuses a client that does not exist and a project that is not the client's. */
async function assertClientAndProject(tx: Tx, clientId: string, projectId: string | null | undefined) {
  const [client] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId));
  if (!client) throw new InvalidInputError("This client no longer exists: choose another.", "clientId");
  if (!projectId) return;
  const [project] = await tx.select({ clientId: projects.clientId }).from(projects).where(eq(projects.id, projectId));
  if (project?.clientId !== clientId)
    throw new InvalidInputError("Choose one of this client's projects, or none.", "projectId");
}

/** A proposal and its first draft (v1), blank or with a template's introduction, sections, lines and terms. */
export async function createProposal(input: NewProposal): Promise<{ id: string }> {
  const money = await companyMoney();
  return db().transaction(async (tx) => {
    await withActor(tx);
    await assertClientAndProject(tx, input.clientId, input.projectId);
    let content = EMPTY_CONTENT;
    if (input.templateId) {
      const [template] = await tx
        .select({ content: schema.proposalTemplates.content })
        .from(schema.proposalTemplates)
        .where(eq(schema.proposalTemplates.id, input.templateId));
      if (!template) throw new InvalidInputError("This template no longer exists: choose another.", "templateId");
      content = readContent(template.content);
    }
    if (input.inquiryId) {
      const [inquiry] = await tx.select({ id: inquiries.id }).from(inquiries).where(eq(inquiries.id, input.inquiryId));
      if (!inquiry) throw new InvalidInputError("This inquiry no longer exists.", "inquiryId");
    }
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
    .select({
      id: proposals.id,
      title: proposals.title,
      status: proposals.status,
      clientId: proposals.clientId,
      updatedAt: proposals.updatedAt,
    })
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

/** What the editor saves: the proposal's own fields and its draft's content (the design stays as it was unless given). */
export type DraftValues = DraftHead & (DraftContent | { content: VersionContent });

export interface DraftHead {
  title: string;
  validUntil: string | null;
  projectId: string | null;
}

export interface DraftContent {
  introduction: string | null;
  terms: string | null;
  sections: VersionContent["sections"];
  /** A catalogue line names its option; its picture is the server's to copy (a given one is ignored). */
  lines: (ProposalLine & { optionId: string | null })[];
  design?: DesignPicture[];
}

/**
 * The pictures of the catalogue lines: the one a line already had (its option
 * unchanged), else a copy of its option's picture as it is now, kept as the
 * proposal's own (proposal_media), so a later catalogue change rewrites nothing.
 */
async function withPictures(
  tx: Tx,
  proposalId: string,
  previous: VersionContent,
  lines: DraftContent["lines"],
): Promise<VersionLine[]> {
  const before = new Map(previous.lines.map((line) => [line.id, line]));
  const kept = (line: DraftContent["lines"][number]) => {
    const old = before.get(line.id);
    return old && old.optionId === line.optionId ? old.picture : undefined;
  };
  const wanted = [
    ...new Set(lines.flatMap((line) => (line.optionId && kept(line) === undefined ? [line.optionId] : []))),
  ];
  const copies = new Map<string, StoredPicture | null>();
  if (wanted.length) {
    const options = await tx
      .select({
        id: playgroundOptions.id,
        key: playgroundOptions.imageKey,
        width: playgroundOptions.imageWidth,
        height: playgroundOptions.imageHeight,
      })
      .from(playgroundOptions)
      .where(inArray(playgroundOptions.id, wanted));
    for (const option of options) {
      if (!option.key || !option.width || !option.height) continue;
      const [media] = await tx
        .insert(proposalMedia)
        .values({
          proposalId,
          kind: "line",
          storageKey: option.key,
          width: option.width,
          height: option.height,
          optionId: option.id,
        })
        .returning({ id: proposalMedia.id });
      copies.set(option.id, { mediaId: media!.id, key: option.key, width: option.width, height: option.height });
    }
  }
  return lines.map((line) => {
    const { optionId, ...rest } = line;
    const picture = optionId ? (kept(line) ?? copies.get(optionId) ?? null) : null;
    return { ...rest, optionId, picture };
  });
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
    await withActor(tx);
    const proposal = await lockProposal(tx, input.id);
    assertOpen(proposal.status);
    const { title, validUntil, projectId } = input.values;
    // A whole content (a test's, a template's) saves as the editor's fields would.
    const values: DraftContent = "content" in input.values ? input.values.content : input.values;
    const { introduction, terms, sections } = values;
    await assertClientAndProject(tx, proposal.clientId, projectId);
    const draft = await draftOf(tx, input.id, input.userId);
    const [stored] = await tx
      .select({ content: proposalVersions.content })
      .from(proposalVersions)
      .where(eq(proposalVersions.id, draft.id));
    const previous = readContent(stored?.content);
    const content: VersionContent = {
      ...previous,
      // A draft's title and date are the proposal's own (sending copies them in).
      title: null,
      validUntil: null,
      introduction,
      terms,
      design: values.design ?? previous.design,
      sections,
      lines: await withPictures(tx, input.id, previous, values.lines),
    };
    const money = await companyMoneyIn(tx);
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

/**
 * A proposal as its editor opens it: the proposal, the content to edit (its
 * draft's, else the latest sent version's, which saving copies into the next
 * version) and that draft's number. Null when it does not exist.
 */
export async function getDraftForEdit(id: string, today: string) {
  const proposal = await getProposal(id, today);
  if (!proposal) return null;
  const latest = proposal.versions[0];
  const version = latest ? await getVersion(id, latest.id) : null;
  const content = version?.content ?? EMPTY_CONTENT;
  return {
    proposal,
    content,
    /** The version a save writes: the draft, or the one after the latest sent. */
    draftNumber: latest?.sentAt ? latest.number + 1 : (latest?.number ?? 1),
    /** Saving starts a new version: the latest was sent. */
    startsNewVersion: Boolean(latest?.sentAt),
  };
}

/** The playground-options catalogue, for the editor's "Add from catalogue". */
export async function catalogueChoices() {
  return db()
    .select({
      id: playgroundOptions.id,
      name: playgroundOptions.optionName,
      category: playgroundOptions.optionCategory,
      description: playgroundOptions.description,
      imageKey: playgroundOptions.imageKey,
      imageWidth: playgroundOptions.imageWidth,
      imageHeight: playgroundOptions.imageHeight,
    })
    .from(playgroundOptions)
    .orderBy(asc(playgroundOptions.optionCategory), asc(playgroundOptions.optionName));
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
    await withActor(tx);
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

/**
 * Refuses when any of these versions was sent: a sent version is frozen (its
 * content, totals, money and hash are what the buyer holds and may accept),
 * so no other path (the history's reverts) may rewrite or remove it either.
 * Locks the rows.
 */
export async function assertVersionsMayChange(tx: Tx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const [sent] = await tx
    .select({ number: proposalVersions.number })
    .from(proposalVersions)
    .where(and(inArray(proposalVersions.id, ids), isNotNull(proposalVersions.sentAt)))
    .orderBy(asc(proposalVersions.number))
    .limit(1)
    .for("update");
  if (sent) {
    throw new InvalidInputError(
      `Version ${sent.number} of this proposal was sent: a sent version never changes. Edit the proposal to make the next version.`,
    );
  }
}

/** Withdraws a sent (or unsent) proposal: the buyer can no longer accept it. */
export async function withdrawProposal(id: string, version: string): Promise<void> {
  await db().transaction(async (tx) => {
    await withActor(tx);
    const proposal = await lockProposal(tx, id);
    assertOpen(proposal.status);
    await updateIfUnchanged(tx, proposals, id, version, { status: "withdrawn", closedAt: sql`now()` }, "proposal");
  });
}

/** Deletes a proposal that was never sent (a sent one is withdrawn instead: the buyer has seen it). */
export async function deleteProposal(id: string): Promise<{ name: string }> {
  return db().transaction(async (tx) => {
    await withActor(tx);
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

/** The client's projects, for the editor's project select. */
export async function clientProjectChoices(clientId: string) {
  return db()
    .select({ id: projects.id, title: projects.title })
    .from(projects)
    .where(eq(projects.clientId, clientId))
    .orderBy(asc(projects.title), asc(projects.id));
}
