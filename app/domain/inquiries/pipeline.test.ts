// The inquiry pipeline's rules on a real database: stages (lost needs a
// reason; leaving lost drops it; a closed inquiry has no next action), the
// owner, the timeline that is only ever added to, follow-ups due, and won →
// client and contact in one transaction.
import { eq, sql } from "drizzle-orm";
import { describe, expect, onTestFinished, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeInquiry } from "#tests/helpers/factories";
import { createUser } from "#tests/helpers/users";
import { db, schema } from "~/.server/db";
import { disableAccount } from "~/domain/users/disable.server";
import { InvalidInputError, StaleRecordError } from "../errors";
import { getInquiry } from "./inquiries.server";
import {
  addInquiryNote,
  convertInquiryToClient,
  followUpInquiry,
  followUpsDue,
  inquiryTimeline,
  ownerChoices,
} from "./pipeline.server";
import { inquiryFollowUpSchema, type InquiryStatus } from "./schema";

withTestDatabase();

async function staffAuthor(name = "Anna Sales") {
  const account = await createUser({ role: "staff", name });
  return { id: account.id, name };
}

async function follow(
  id: string,
  values: { status: InquiryStatus; lostReason?: string | null; ownerId?: string | null; nextActionOn?: string | null },
  author: { id: string; name: string },
) {
  const { version } = (await getInquiry(id))!;
  await followUpInquiry(
    id,
    { lostReason: null, ownerId: null, nextActionOn: null, ...values, intent: "follow-up", version },
    author,
  );
}

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe("stages", () => {
  test("the form refuses lost without a reason, with the message on the reason", () => {
    const result = inquiryFollowUpSchema.safeParse({
      intent: "follow-up",
      status: "lost",
      lostReason: "  ",
      version: new Date().toISOString(),
    });
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["lostReason", "Say why it was lost"],
    ]);
  });

  test("lost needs a reason in the domain and in the database; leaving lost drops it", async () => {
    const author = await staffAuthor();
    const inquiry = await makeInquiry();
    await expect(follow(inquiry.id, { status: "lost" }, author)).rejects.toThrow(
      new InvalidInputError("Say why it was lost", "lostReason"),
    );
    await expect(
      db().update(schema.inquiries).set({ status: "lost" }).where(eq(schema.inquiries.id, inquiry.id)),
    ).rejects.toThrow();
    await follow(inquiry.id, { status: "lost", lostReason: "Chose a cheaper offer" }, author);
    expect(await getInquiry(inquiry.id)).toMatchObject({ status: "lost", lostReason: "Chose a cheaper offer" });
    await follow(inquiry.id, { status: "quoted", lostReason: "Chose a cheaper offer" }, author);
    expect(await getInquiry(inquiry.id)).toMatchObject({ status: "quoted", lostReason: null });
  });

  test("a stale save is refused; a closed inquiry keeps no next action", async () => {
    const author = await staffAuthor();
    const inquiry = await makeInquiry();
    const first = (await getInquiry(inquiry.id))!;
    await follow(inquiry.id, { status: "contacted", nextActionOn: isoDay(2) }, author);
    expect((await getInquiry(inquiry.id))!.nextActionOn).toBe(isoDay(2));
    await expect(
      followUpInquiry(
        inquiry.id,
        {
          intent: "follow-up",
          status: "quoted",
          lostReason: null,
          ownerId: null,
          nextActionOn: null,
          version: first.version,
        },
        author,
      ),
    ).rejects.toBeInstanceOf(StaleRecordError);
    await follow(inquiry.id, { status: "won", nextActionOn: isoDay(2) }, author);
    expect((await getInquiry(inquiry.id))!.nextActionOn).toBeNull();
  });

  test("the owner is an active staff member; a client account or a disabled one is refused", async () => {
    const admin = await createUser({ role: "admin" });
    const author = await staffAuthor();
    const portal = await createUser({ role: "client" });
    const gone = await createUser({ role: "staff", name: "Gone Gary" });
    await disableAccount(admin, gone.id);
    expect((await ownerChoices()).map((choice) => choice.id)).toEqual(expect.arrayContaining([admin.id, author.id]));
    expect((await ownerChoices()).map((choice) => choice.id)).not.toContain(gone.id);
    const inquiry = await makeInquiry();
    for (const ownerId of [portal.id, gone.id, "00000000-0000-4000-8000-000000000000"]) {
      await expect(follow(inquiry.id, { status: "new", ownerId }, author)).rejects.toThrow(
        new InvalidInputError("Choose a staff member", "ownerId"),
      );
    }
    await follow(inquiry.id, { status: "new", ownerId: author.id }, author);
    expect((await getInquiry(inquiry.id))!.ownerId).toBe(author.id);
  });
});

describe("the timeline", () => {
  test("keeps every note and stage change with its author and time; nothing is overwritten", async () => {
    const anna = await staffAuthor("Anna Sales");
    const ben = await staffAuthor("Ben Build");
    const inquiry = await makeInquiry();
    await addInquiryNote(inquiry.id, "Called, left a message", anna);
    await follow(inquiry.id, { status: "contacted" }, anna);
    await addInquiryNote(inquiry.id, "Site visit on Tuesday", ben);
    // Saving the follow-up again without a new stage adds nothing.
    await follow(inquiry.id, { status: "contacted", nextActionOn: isoDay(1) }, ben);
    await follow(inquiry.id, { status: "lost", lostReason: "No budget this year" }, ben);
    const timeline = await inquiryTimeline(inquiry.id);
    expect(
      timeline.map(({ type, body, fromStatus, toStatus, authorName }) => ({
        type,
        body,
        fromStatus,
        toStatus,
        authorName,
      })),
    ).toEqual([
      {
        type: "stage",
        body: "No budget this year",
        fromStatus: "contacted",
        toStatus: "lost",
        authorName: "Ben Build",
      },
      { type: "note", body: "Site visit on Tuesday", fromStatus: null, toStatus: null, authorName: "Ben Build" },
      { type: "stage", body: null, fromStatus: "new", toStatus: "contacted", authorName: "Anna Sales" },
      { type: "note", body: "Called, left a message", fromStatus: null, toStatus: null, authorName: "Anna Sales" },
    ]);
    expect(timeline.every((entry) => entry.at instanceof Date)).toBe(true);
    // The entries name their author's account, and a blank note is refused by the database too.
    const [first] = await db()
      .select({ authorId: schema.inquiryEvents.authorId })
      .from(schema.inquiryEvents)
      .where(eq(schema.inquiryEvents.body, "Called, left a message"));
    expect(first!.authorId).toBe(anna.id);
    await expect(
      db().insert(schema.inquiryEvents).values({ inquiryId: inquiry.id, type: "note", body: " ", authorName: "X" }),
    ).rejects.toThrow();
  });

  test("a note on an inquiry that no longer exists is refused as not found", async () => {
    const anna = await staffAuthor();
    await expect(addInquiryNote("00000000-0000-4000-8000-000000000000", "Hello", anna)).rejects.toThrow(
      "This inquiry no longer exists.",
    );
  });
});

describe("follow-ups due", () => {
  test("open inquiries due today or earlier, most overdue first, with their owner; closed and later ones are not due", async () => {
    await db().delete(schema.inquiries);
    const anna = await staffAuthor("Anna Sales");
    const overdue = await makeInquiry({ name: "Olive Overdue", nextActionOn: isoDay(-3), ownerId: anna.id });
    await makeInquiry({ name: "Tom Today", status: "quoted", nextActionOn: isoDay(0) });
    await makeInquiry({ name: "Lena Later", nextActionOn: isoDay(2) });
    await makeInquiry({ name: "Wes Won", status: "won", nextActionOn: isoDay(-1) });
    await makeInquiry({ name: "Nina None" });
    const due = await followUpsDue();
    expect(due.total).toBe(2);
    expect(due.rows).toEqual([
      {
        id: overdue.id,
        name: "Olive Overdue",
        organisation: overdue.organisation,
        status: "new",
        nextActionOn: isoDay(-3),
        ownerName: "Anna Sales",
      },
      expect.objectContaining({ name: "Tom Today", ownerName: null, nextActionOn: isoDay(0) }),
    ]);
    expect((await followUpsDue(1)).rows).toHaveLength(1);
    expect((await followUpsDue(1)).total).toBe(2);
  });
});

describe("won → client", () => {
  test("one step makes the client and its contact from the inquiry, linked back, and marks it won", async () => {
    const anna = await staffAuthor();
    const inquiry = await makeInquiry({
      name: "Robin Reyes",
      email: "Robin@School.test",
      phone: "555 0101",
      organisation: "Hillside School",
      message: "A tower, please",
      sourceTitle: "Harbour Ship",
      status: "quoted",
      nextActionOn: isoDay(0),
    });
    const { clientId } = await convertInquiryToClient(inquiry.id, anna);
    const [client] = await db().select().from(schema.clients).where(eq(schema.clients.id, clientId));
    expect(client).toMatchObject({
      name: "Hillside School",
      notes: "Inquiry about Harbour Ship: A tower, please",
      createdBy: anna.id,
    });
    const contacts = await db().select().from(schema.contacts).where(eq(schema.contacts.clientId, clientId));
    expect(contacts).toEqual([
      expect.objectContaining({ name: "Robin Reyes", email: "robin@school.test", phone: "555 0101" }),
    ]);
    const links = await db().select().from(schema.clientContacts).where(eq(schema.clientContacts.clientId, clientId));
    expect(links.map((link) => link.contactId)).toEqual([contacts[0]!.id]);
    expect(await getInquiry(inquiry.id)).toMatchObject({ status: "won", clientId, nextActionOn: null });
    const [entry] = await inquiryTimeline(inquiry.id);
    expect(entry).toMatchObject({ type: "stage", fromStatus: "quoted", toStatus: "won", authorName: "Anna Sales" });
    await expect(convertInquiryToClient(inquiry.id, anna)).rejects.toThrow("This inquiry is a client already.");
  });

  test("nothing is kept when a step fails: no client without its contact", async () => {
    const anna = await staffAuthor();
    const inquiry = await makeInquiry({ organisation: "Half Done Ltd" });
    // The contact's insert fails (a trigger standing in for any failure after the client's insert).
    await db().execute(
      sql`create function refuse_contact() returns trigger as $$ begin raise exception 'refused'; end $$ language plpgsql`,
    );
    await db().execute(
      sql`create trigger refuse_contact before insert on contacts for each row execute function refuse_contact()`,
    );
    onTestFinished(async () => {
      await db().execute(sql`drop trigger refuse_contact on contacts`);
      await db().execute(sql`drop function refuse_contact()`);
    });
    await expect(convertInquiryToClient(inquiry.id, anna)).rejects.toThrow();
    expect(await db().select().from(schema.clients).where(eq(schema.clients.name, "Half Done Ltd"))).toEqual([]);
    expect((await getInquiry(inquiry.id))!.clientId).toBeNull();
  });
});
