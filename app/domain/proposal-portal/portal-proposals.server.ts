// What a client sees of its proposals in the portal: only sent ones, each as
// its latest sent version (a draft being prepared never shows), with the
// buyer's answers and the changes thread. Every query is scoped by the client
// id of the signed-in contact, so another client's proposals never match.
import { and, asc, desc, eq, isNotNull, sql } from "drizzle-orm";
import { withActor } from "~/.server/db/history-scope";
import { db, schema, type Tx } from "~/.server/db";
import { imageSources } from "~/.server/images/sources";
import type { ImageSources } from "~/lib/image-sources";
import type { ProposalStatus } from "~/tables/proposals";
import { readContent, type VersionContent } from "../proposals/content";
import type { MoneyFormat } from "../proposals/money";
import { listComments } from "../proposals/thread.server";

const { proposals, proposalVersions, proposalAcceptances, proposalViews, projects } = schema;

/** The latest sent version of the proposal in the outer query (a subquery). */
const latestSent = sql`(select v.id from proposal_versions v where v.proposal_id = ${proposals.id} and v.sent_at is not null order by v.number desc limit 1)`;

/** The statuses a buyer may still answer: past the version's last day they read as expired. */
const OPEN: ProposalStatus[] = ["sent", "viewed", "changes_requested"];

/** The status the buyer sees: an open proposal past the sent version's valid-until date is expired. */
export function buyerStatus(stored: ProposalStatus, validUntil: string | null, today: string): ProposalStatus {
  return OPEN.includes(stored) && validUntil !== null && validUntil < today ? "expired" : stored;
}

export interface PortalProposalRow {
  id: string;
  title: string;
  status: ProposalStatus;
  version: number;
  sentAt: Date;
  validUntil: string | null;
  total: number;
  money: MoneyFormat;
}

/** The client's sent proposals, newest sent first: title and valid-until as the buyer was sent them. */
export async function listClientProposals(clientId: string, today: string): Promise<PortalProposalRow[]> {
  const rows = await db()
    .select({
      id: proposals.id,
      status: proposals.status,
      version: proposalVersions.number,
      sentAt: proposalVersions.sentAt,
      content: proposalVersions.content,
      total: proposalVersions.total,
      currency: proposalVersions.currency,
      locale: proposalVersions.locale,
      title: proposals.title,
    })
    .from(proposals)
    .innerJoin(proposalVersions, eq(proposalVersions.id, latestSent))
    .where(eq(proposals.clientId, clientId))
    .orderBy(desc(proposalVersions.sentAt), desc(proposals.id));
  return rows.map((row) => {
    const content = readContent(row.content);
    return {
      id: row.id,
      title: content.title ?? row.title,
      status: buyerStatus(row.status, content.validUntil, today),
      version: row.version,
      sentAt: row.sentAt!,
      validUntil: content.validUntil,
      total: row.total,
      money: { currency: row.currency, locale: row.locale },
    };
  });
}

/** The proposal and its latest sent version, when it is this client's (for update: the answers lock it). */
export async function findClientVersion(tx: Tx | ReturnType<typeof db>, clientId: string, proposalId: string) {
  const [row] = await tx
    .select({
      id: proposals.id,
      clientId: proposals.clientId,
      storedStatus: proposals.status,
      projectId: proposals.projectId,
      inquiryId: proposals.inquiryId,
      contractId: proposals.contractId,
      ownerId: proposals.ownerId,
      storedTitle: proposals.title,
      versionId: proposalVersions.id,
      number: proposalVersions.number,
      content: proposalVersions.content,
      currency: proposalVersions.currency,
      locale: proposalVersions.locale,
      total: proposalVersions.total,
      contentSha256: proposalVersions.contentSha256,
      sentAt: proposalVersions.sentAt,
      sentBy: proposalVersions.sentBy,
      sentByName: proposalVersions.sentByName,
    })
    .from(proposals)
    .innerJoin(proposalVersions, eq(proposalVersions.id, latestSent))
    .where(and(eq(proposals.id, proposalId), eq(proposals.clientId, clientId)));
  if (!row) return null;
  const content = readContent(row.content);
  return {
    ...row,
    content,
    title: content.title ?? row.storedTitle,
    validUntil: content.validUntil,
    money: { currency: row.currency, locale: row.locale },
    contentSha256: row.contentSha256!,
    sentAt: row.sentAt!,
  };
}

export type ClientVersion = NonNullable<Awaited<ReturnType<typeof findClientVersion>>>;

export interface PortalPicture {
  image: ImageSources;
  caption: string | null;
}

/** A version's content as the page shows it: each stored picture with its sources. */
function shownContent(content: VersionContent) {
  return {
    introduction: content.introduction,
    terms: content.terms,
    design: content.design.map((picture): PortalPicture => ({
      image: imageSources(picture.key, picture.width, picture.height),
      caption: picture.caption,
    })),
    sections: content.sections,
    lines: content.lines.map(({ picture, optionId: _optionId, ...line }) => ({
      ...line,
      picture: picture ? imageSources(picture.key, picture.width, picture.height) : null,
    })),
  };
}

/** One of the client's sent proposals as its portal page shows it, or null when it is not theirs. */
export async function getPortalProposal(clientId: string, proposalId: string, today: string) {
  const found = await findClientVersion(db(), clientId, proposalId);
  if (!found) return null;
  const [answers, thread, project] = await Promise.all([
    db()
      .select({
        outcome: proposalAcceptances.outcome,
        name: proposalAcceptances.name,
        typedName: proposalAcceptances.typedName,
        declineReason: proposalAcceptances.declineReason,
        chosenLineIds: proposalAcceptances.chosenLineIds,
        totalAccepted: proposalAcceptances.totalAccepted,
        sealed: sql<boolean>`${proposalAcceptances.certificateKey} is not null`,
        at: proposalAcceptances.at,
      })
      .from(proposalAcceptances)
      .where(eq(proposalAcceptances.versionId, found.versionId)),
    listComments(proposalId),
    found.projectId
      ? db().select({ title: projects.title }).from(projects).where(eq(projects.id, found.projectId))
      : Promise.resolve([]),
  ]);
  return {
    id: found.id,
    versionId: found.versionId,
    number: found.number,
    title: found.title,
    status: buyerStatus(found.storedStatus, found.validUntil, today),
    validUntil: found.validUntil,
    sentAt: found.sentAt,
    money: found.money,
    total: found.total,
    contentSha256: found.contentSha256,
    projectTitle: project[0]?.title ?? null,
    ...shownContent(found.content),
    answer: answers[0] ?? null,
    thread,
  };
}

export type PortalProposal = NonNullable<Awaited<ReturnType<typeof getPortalProposal>>>;

export interface Buyer {
  contactId: string;
  userId: string;
  name: string;
  ip: string | null;
  userAgent: string | null;
}

/**
 * The buyer opened the proposal: a view of its latest sent version is recorded
 * (each opening: the owner hears it live) and a sent proposal becomes viewed.
 */
export async function recordProposalView(clientId: string, proposalId: string, buyer: Buyer): Promise<void> {
  await db().transaction(async (tx) => {
    await withActor(tx);
    const [locked] = await tx
      .select({ id: proposals.id })
      .from(proposals)
      .where(and(eq(proposals.id, proposalId), eq(proposals.clientId, clientId)))
      .for("update");
    if (!locked) return;
    const found = await findClientVersion(tx, clientId, proposalId);
    if (!found) return;
    await tx.insert(proposalViews).values({
      proposalId,
      versionId: found.versionId,
      contactId: buyer.contactId,
      userId: buyer.userId,
      name: buyer.name,
      ip: buyer.ip,
      userAgent: buyer.userAgent?.slice(0, 512) ?? null,
    });
    if (found.storedStatus === "sent")
      await tx.update(proposals).set({ status: "viewed" }).where(eq(proposals.id, proposalId));
  });
}

/** The buyer's first view of a version (the certificate's "viewed" step), if they opened it. */
export async function firstView(tx: Tx, versionId: string, contactId: string) {
  const [row] = await tx
    .select({
      at: proposalViews.at,
      name: proposalViews.name,
      ip: proposalViews.ip,
      userAgent: proposalViews.userAgent,
    })
    .from(proposalViews)
    .where(
      and(eq(proposalViews.versionId, versionId), eq(proposalViews.contactId, contactId), isNotNull(proposalViews.at)),
    )
    .orderBy(asc(proposalViews.at))
    .limit(1);
  return row ?? null;
}
