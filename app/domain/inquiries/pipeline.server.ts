// The inquiry pipeline (decision 0065): staff move an inquiry through its
// stages (a reason when lost), give it an owner and a next action's date, add
// notes, and turn a won inquiry into a client. Every note and stage change is
// a new timeline entry with its author and time: nothing is overwritten.
import { and, asc, desc, eq, inArray, lte, notInArray, sql } from "drizzle-orm";
import { db, schema, type Tx } from "~/.server/db";
import { withActor } from "~/.server/db/history-scope";
import { InvalidInputError, NotFoundError } from "../errors";
import { updateIfUnchanged } from "../versioned-update.server";
import { clientPrefill } from "./inquiries.server";
import { CLOSED_STATUSES, type InquiryFollowUp, type InquiryStatus, isClosed, PIPELINE_MESSAGES } from "./schema";

const { inquiries, inquiryEvents, clients, contacts, clientContacts, user } = schema;

/** Who writes a timeline entry: the signed-in staff member. */
export interface Author {
  id: string;
  name: string;
}

/** Staff who can own an inquiry: admins and staff whose account is not disabled. */
export async function ownerChoices(): Promise<{ id: string; name: string }[]> {
  return db()
    .select({ id: user.id, name: user.name })
    .from(user)
    .where(and(inArray(user.role, ["admin", "staff"]), eq(user.banned, false)))
    .orderBy(asc(user.name));
}

async function assertOwner(tx: Tx, ownerId: string | null, current: string | null) {
  // Keeping an owner who has since left is not a new choice; giving it to them is.
  if (!ownerId || ownerId === current) return;
  const [owner] = await tx
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.id, ownerId), inArray(user.role, ["admin", "staff"]), eq(user.banned, false)));
  if (!owner) throw new InvalidInputError(PIPELINE_MESSAGES.ownerInvalid, "ownerId");
}

async function lockInquiry(tx: Tx, id: string) {
  const [row] = await tx
    .select({ status: inquiries.status, ownerId: inquiries.ownerId, clientId: inquiries.clientId })
    .from(inquiries)
    .where(eq(inquiries.id, id))
    .for("update");
  if (!row) throw new NotFoundError("This inquiry no longer exists.");
  return row;
}

function stageEntry(
  inquiryId: string,
  from: InquiryStatus,
  to: InquiryStatus,
  author: { id: string | null; name: string },
  reason: string | null,
) {
  return {
    inquiryId,
    type: "stage" as const,
    fromStatus: from,
    toStatus: to,
    body: to === "lost" ? reason : null,
    authorId: author.id,
    authorName: author.name,
  };
}

/**
 * Staff's follow-up: stage, owner and next action, refused when someone else
 * saved it meanwhile. A move to another stage is a timeline entry; lost needs
 * its reason and leaving lost drops it; a closed inquiry (won, lost) has no
 * next action.
 */
export async function followUpInquiry(id: string, values: InquiryFollowUp, author: Author): Promise<void> {
  if (values.status === "lost" && !values.lostReason) {
    throw new InvalidInputError(PIPELINE_MESSAGES.lostReasonRequired, "lostReason");
  }
  await db().transaction(async (tx) => {
    await withActor(tx);
    const before = await lockInquiry(tx, id);
    await assertOwner(tx, values.ownerId, before.ownerId);
    await updateIfUnchanged(
      tx,
      inquiries,
      id,
      values.version,
      {
        status: values.status,
        lostReason: values.status === "lost" ? values.lostReason : null,
        ownerId: values.ownerId,
        nextActionOn: isClosed(values.status) ? null : values.nextActionOn,
      },
      "inquiry",
    );
    if (before.status !== values.status) {
      await tx.insert(inquiryEvents).values(stageEntry(id, before.status, values.status, author, values.lostReason));
    }
  });
}

/**
 * Won by what the inquiry led to (its proposal accepted in the client portal), in that
 * change's transaction: the stage with its timeline entry, and the client it is for.
 */
export async function markInquiryWon(
  tx: Tx,
  id: string,
  clientId: string,
  author: { id: string | null; name: string },
): Promise<void> {
  const before = await lockInquiry(tx, id);
  await tx
    .update(inquiries)
    .set({ status: "won", lostReason: null, nextActionOn: null, clientId: before.clientId ?? clientId })
    .where(eq(inquiries.id, id));
  if (before.status !== "won")
    await tx.insert(inquiryEvents).values(stageEntry(id, before.status, "won", author, null));
}

/** A note on the timeline. Notes are only added: two people writing at once both keep theirs. */
export async function addInquiryNote(id: string, note: string, author: Author): Promise<void> {
  await db().transaction(async (tx) => {
    await withActor(tx);
    await lockInquiry(tx, id);
    await tx
      .insert(inquiryEvents)
      .values({ inquiryId: id, type: "note", body: note, authorId: author.id, authorName: author.name });
  });
}

/**
 * Won: the inquiry becomes a client (its organisation) with its contact (the
 * inquirer), linked back to the inquiry, in one transaction; nothing is typed
 * again. Refused when it became a client already.
 */
export async function convertInquiryToClient(id: string, author: Author): Promise<{ clientId: string }> {
  return db().transaction(async (tx) => {
    await withActor(tx);
    const before = await lockInquiry(tx, id);
    if (before.clientId) throw new InvalidInputError(PIPELINE_MESSAGES.alreadyClient);
    const [inquiry] = await tx.select().from(inquiries).where(eq(inquiries.id, id));
    const prefill = clientPrefill(inquiry!);
    const [client] = await tx
      .insert(clients)
      // The client's name holds 100 characters, an organisation 200.
      .values({ name: prefill.client.name.slice(0, 100), notes: prefill.client.notes, createdBy: author.id })
      .returning({ id: clients.id });
    const clientId = client!.id;
    const [contact] = await tx
      .insert(contacts)
      .values({
        name: prefill.contact.name,
        email: prefill.contact.email.toLowerCase(),
        phone: prefill.contact.phone,
        clientId,
      })
      .returning({ id: contacts.id });
    await tx.insert(clientContacts).values({ clientId, contactId: contact!.id });
    await tx
      .update(inquiries)
      .set({ status: "won", lostReason: null, nextActionOn: null, clientId })
      .where(eq(inquiries.id, id));
    if (before.status !== "won")
      await tx.insert(inquiryEvents).values(stageEntry(id, before.status, "won", author, null));
    return { clientId };
  });
}

export interface TimelineEntry {
  id: string;
  type: "note" | "stage";
  body: string | null;
  fromStatus: InquiryStatus | null;
  toStatus: InquiryStatus | null;
  authorName: string;
  at: Date;
}

/** An inquiry's timeline, newest first. */
export async function inquiryTimeline(id: string): Promise<TimelineEntry[]> {
  return db()
    .select({
      id: inquiryEvents.id,
      type: inquiryEvents.type,
      body: inquiryEvents.body,
      fromStatus: inquiryEvents.fromStatus,
      toStatus: inquiryEvents.toStatus,
      authorName: inquiryEvents.authorName,
      at: inquiryEvents.at,
    })
    .from(inquiryEvents)
    .where(eq(inquiryEvents.inquiryId, id))
    .orderBy(desc(inquiryEvents.at), desc(inquiryEvents.id));
}

export interface FollowUpDue {
  id: string;
  name: string;
  organisation: string;
  status: InquiryStatus;
  nextActionOn: string;
  ownerName: string | null;
}

/**
 * Open inquiries whose next action is due today or earlier (the database's
 * today), the most overdue first, and how many there are in all.
 */
export async function followUpsDue(limit = 5): Promise<{ rows: FollowUpDue[]; total: number }> {
  const due = and(lte(inquiries.nextActionOn, sql`current_date`), notInArray(inquiries.status, [...CLOSED_STATUSES]));
  const rows = await db()
    .select({
      id: inquiries.id,
      name: inquiries.name,
      organisation: inquiries.organisation,
      status: inquiries.status,
      nextActionOn: sql<string>`${inquiries.nextActionOn}::text`,
      ownerName: user.name,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(inquiries)
    .leftJoin(user, eq(user.id, inquiries.ownerId))
    .where(due)
    .orderBy(asc(inquiries.nextActionOn), asc(inquiries.createdAt))
    .limit(limit);
  return { rows: rows.map(({ total: _, ...row }) => row), total: rows[0]?.total ?? 0 };
}
