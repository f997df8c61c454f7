import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeGallery, makeInquiry, makeProject } from "#tests/helpers/factories";
import { db, schema } from "~/.server/db";
import { mailsTo } from "#tests/helpers/outbox";
import { createUser } from "#tests/helpers/users";
import { disableAccount } from "~/domain/users/disable.server";
import { clearRateLimit } from "~/.server/auth/rate-limit";
import { issueFormStamp, readFormStamp } from "~/.server/http/form-stamp";
import {
  clientPrefill,
  CONFIRMATIONS_PER_DAY,
  findInquirySource,
  getInquiry,
  inboxKey,
  inquiryRateRule,
  listInquiries,
  submitInquiry,
} from "./inquiries.server";
import { inquiryFormSchema } from "./schema";
import { MIN_FILL_MS, spamVerdict } from "./spam";

withTestDatabase();

const values = (overrides: Record<string, string> = {}) =>
  inquiryFormSchema.parse({
    name: "Robin Reyes",
    email: "robin@school.test",
    organisation: "Hillside School",
    message: "We would love a tower like this for 200 pupils.",
    ...overrides,
  });

/** The stamp of a form shown `ms` ago, as the form posts it back. */
const shownAgo = (ms: number) => readFormStamp(issueFormStamp(Date.now() - ms));

async function projectSource() {
  const client = await makeClient();
  const project = await makeProject({ clientId: client.id, title: "Harbour Ship" });
  return (await findInquirySource({ projectId: project.id }))!;
}

describe("the inquiry form", () => {
  test("needs a name, a valid email, an organisation and a message; the phone is optional", () => {
    const result = inquiryFormSchema.safeParse({ name: " ", email: "nope", organisation: "", message: "" });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ["name", "Name is required"],
      ["email", "Invalid email address"],
      ["organisation", "Organisation is required"],
      ["message", "Message is required"],
    ]);
    expect(values().phone).toBeNull();
  });
});

describe("spam rules", () => {
  test("a filled honeypot, a missing stamp and a form sent too fast are caught; a person's pace passes", () => {
    expect(spamVerdict({ honeypot: "http://spam.test", elapsedMs: 60_000 })).toBe("honeypot");
    expect(spamVerdict({ honeypot: "", elapsedMs: null })).toBe("too-fast");
    expect(spamVerdict({ honeypot: undefined, elapsedMs: MIN_FILL_MS - 1 })).toBe("too-fast");
    expect(spamVerdict({ honeypot: "", elapsedMs: MIN_FILL_MS })).toBe("ok");
    expect(spamVerdict({ honeypot: "", elapsedMs: 2 * 24 * 60 * 60 * 1000 })).toBe("too-fast");
  });

  test("the form's stamp is signed: a backdated or altered one is unknown; each has an id of its own", () => {
    const now = 1_800_000_000_000;
    const stamp = issueFormStamp(now);
    expect(readFormStamp(stamp, now + 5000)).toMatchObject({ shownAt: now, ageMs: 5000 });
    const [, id, signature] = stamp.split(".");
    expect(readFormStamp(`${now - 60_000}.${id}.${signature}`, now)).toBeNull();
    expect(readFormStamp(`${now}.${"A".repeat(16)}.${signature}`, now)).toBeNull();
    expect(readFormStamp("garbage", now)).toBeNull();
    expect(readFormStamp(undefined, now)).toBeNull();
    expect(readFormStamp(issueFormStamp(now), now)!.id).not.toBe(readFormStamp(stamp, now)!.id);
  });

  test("a honeypot inquiry is answered as sent but neither kept nor mailed", async () => {
    const source = await projectSource();
    const before = (await listInquiries({ page: 1 })).total;
    const result = await submitInquiry({
      values: values({ website: "buy-pills.test" }),
      source,
      ip: "198.51.100.1",
      stamp: shownAgo(60_000),
      origin: "https://play.test",
    });
    expect(result).toEqual({ ok: true, id: null });
    expect((await listInquiries({ page: 1 })).total).toBe(before);
  });

  test("one address gets five inquiries, then waits", async () => {
    const source = await projectSource();
    const ip = "198.51.100.7";
    await clearRateLimit(inquiryRateRule(ip).key);
    const send = () =>
      submitInquiry({ values: values(), source, ip, stamp: shownAgo(10_000), origin: "https://play.test" });
    for (let i = 0; i < 5; i++) expect((await send()).ok).toBe(true);
    const refused = await send();
    expect(refused).toMatchObject({ ok: false, reason: "rate-limited" });
    expect(refused.ok ? "" : refused.message).toMatch(/^Too many attempts, try again in \d+ minutes?$/);
    // Another address is not affected.
    expect(
      (await submitInquiry({ values: values(), source, ip: "198.51.100.8", stamp: shownAgo(10_000), origin: "x" })).ok,
    ).toBe(true);
  });
});

describe("an inquiry", () => {
  test("is kept as new with its source, and every staff member gets a mail linking to it", async () => {
    const staff = await createUser({ role: "staff" });
    const pending = await createUser({ role: "pending" });
    const source = await projectSource();
    const result = await submitInquiry({
      values: values({ phone: "555 0199" }),
      source,
      ip: "203.0.113.5",
      stamp: shownAgo(10_000),
      origin: "https://play.test",
    });
    expect(result.ok).toBe(true);
    const id = result.ok ? result.id! : "";
    const inquiry = await getInquiry(id);
    expect(inquiry).toMatchObject({
      status: "new",
      name: "Robin Reyes",
      phone: "555 0199",
      projectId: source.id,
      sourceTitle: "Harbour Ship",
    });
    const mail = mailsTo(staff.email).at(-1)!;
    expect(mail.subject).toBe("New inquiry from Robin Reyes (Hillside School)");
    expect(mail.text).toContain("Project: Harbour Ship");
    expect(mail.text).toContain(`https://play.test/admin/inquiries/${id}`);
    expect(mailsTo(pending.email)).toEqual([]);
  });

  test("the buyer gets the company's confirmation: what happens next and a link to the project from PUBLIC_URL's origin", async () => {
    await db()
      .insert(schema.companySettings)
      .values({ id: 1, name: "Harbour Play Co." })
      .onConflictDoUpdate({ target: schema.companySettings.id, set: { name: "Harbour Play Co." } });
    const client = await makeClient();
    const project = await makeProject({
      clientId: client.id,
      title: "Lighthouse Lookout",
      projectName: "lighthouse-lookout",
      showInGallery: true,
    });
    const source = (await findInquirySource({ projectId: project.id }))!;
    const buyer = "buyer-confirm@school.test";
    const result = await submitInquiry({
      values: values({ email: buyer, name: "Jo Buyer" }),
      source,
      ip: "203.0.113.9",
      stamp: shownAgo(10_000),
      origin: "https://play.example",
    });
    expect(result.ok).toBe(true);
    const [mail] = mailsTo(buyer) as (ReturnType<typeof mailsTo>[number] & { html: string })[];
    // (The sender's name is the running server's: inquiries.spec.)
    expect(mail!.subject).toBe("We received your request — Harbour Play Co.");
    expect(mail!.text).toContain("Hello,");
    expect(mail!.text).toContain("What happens next:");
    expect(mail!.text).toContain("See the project again: https://play.example/lighthouse-lookout");
    expect(mail!.html).toContain('href="https://play.example/lighthouse-lookout"');
    expect(mail!.text).toMatch(/— Harbour Play Co\.$/);
  });

  test("the buyer's confirmation carries nothing the sender typed: not the name, organisation, phone or message", async () => {
    const client = await makeClient();
    const project = await makeProject({ clientId: client.id, title: "Rope Pyramid", showInGallery: true });
    const stranger = "stranger-typed@school.test";
    const typed = {
      name: "Claim your prize at evil.example",
      organisation: "Call 555 0100 now",
      phone: "555 0111",
      message: "Your account is locked: log in at https://evil.example/login",
    };
    const result = await submitInquiry({
      values: values({ email: stranger, ...typed }),
      source: (await findInquirySource({ projectId: project.id }))!,
      ip: "203.0.113.40",
      stamp: shownAgo(10_000),
      origin: "https://play.example",
    });
    expect(result.ok).toBe(true);
    const [mail] = mailsTo(stranger) as (ReturnType<typeof mailsTo>[number] & { html: string })[];
    // The project's title is the company's own words; the rest of the mail is fixed text.
    expect(mail!.text).toContain("Thank you for asking about a playground like Rope Pyramid.");
    for (const text of [...Object.values(typed), "evil.example", "555 01"]) {
      expect(mail!.subject + mail!.text + mail!.html).not.toContain(text);
    }
    // Staff still get all of it.
    expect((await getInquiry(result.ok ? result.id! : ""))!.message).toBe(typed.message);
  });

  test("confirmations to one inbox are capped per day; the inquiry is still kept and staff still mailed", async () => {
    const staff = await createUser({ role: "staff" });
    const source = await projectSource();
    const inbox = "Capped.Inbox@School.test";
    // One inbox written several ways: letter case, and a +tag most mail hosts deliver to the same inbox.
    const spellings = [inbox, "capped.inbox@school.test", "capped.inbox+1@school.test", "CAPPED.INBOX+2@school.test"];
    const ids: string[] = [];
    for (const [i, email] of [...spellings, ...spellings].entries()) {
      // From several addresses, as the finding sent them.
      const result = await submitInquiry({
        values: values({ email }),
        source,
        ip: `203.0.113.${50 + (i % 3)}`,
        stamp: shownAgo(10_000),
        origin: "https://play.test",
      });
      expect(result.ok).toBe(true);
      ids.push(result.ok ? result.id! : "");
    }
    const confirmations = spellings
      .flatMap((email) => mailsTo(email))
      .filter((mail) => mail.subject.startsWith("We received"));
    expect(confirmations).toHaveLength(CONFIRMATIONS_PER_DAY);
    for (const id of ids) expect(await getInquiry(id)).not.toBeNull();
    expect(mailsTo(staff.email).filter((mail) => mail.subject.startsWith("New inquiry from"))).toHaveLength(8);
    expect(inboxKey(" Jo.Buyer+quote@GoogleMail.com")).toBe("jobuyer@googlemail.com");
    expect(inboxKey("jo.buyer+quote@school.test")).toBe("jo.buyer@school.test");
    // Another inbox is not affected.
    await submitInquiry({
      values: values({ email: "other-inbox@school.test" }),
      source,
      ip: "203.0.113.53",
      stamp: shownAgo(10_000),
      origin: "https://play.test",
    });
    expect(mailsTo("other-inbox@school.test")).toHaveLength(1);
  });

  test("a gallery's inquiry links to the gallery; an unpublished project's (a staff preview) links nowhere", async () => {
    const gallery = await makeGallery({ name: "Coastal Parks", slug: "coastal-parks-mail", isPublished: true });
    const fromGallery = (await findInquirySource({ gallerySlug: gallery.slug }))!;
    await submitInquiry({
      values: values({ email: "gallery-buyer@school.test" }),
      source: fromGallery,
      ip: "203.0.113.10",
      stamp: shownAgo(10_000),
      origin: "https://play.example",
    });
    expect(mailsTo("gallery-buyer@school.test")[0]!.text).toContain(
      "See the gallery again: https://play.example/gallery/coastal-parks-mail",
    );
    const client = await makeClient();
    const draft = await makeProject({ clientId: client.id, title: "Secret Fort", projectName: "secret-fort" });
    await submitInquiry({
      values: values({ email: "preview-buyer@school.test" }),
      source: (await findInquirySource({ projectId: draft.id }))!,
      ip: "203.0.113.11",
      stamp: shownAgo(10_000),
      origin: "https://play.example",
    });
    const [mail] = mailsTo("preview-buyer@school.test");
    expect(mail!.text).toContain("a playground like Secret Fort");
    expect(mail!.text).not.toContain("https://");
  });

  test("a disabled staff account gets no mail", async () => {
    const admin = await createUser({ role: "admin" });
    const gone = await createUser({ role: "staff" });
    await disableAccount(admin, gone.id);
    const result = await submitInquiry({
      values: values(),
      source: await projectSource(),
      ip: "203.0.113.6",
      stamp: shownAgo(10_000),
      origin: "https://play.test",
    });
    expect(result.ok).toBe(true);
    expect(mailsTo(admin.email)).toHaveLength(1);
    expect(mailsTo(gone.email)).toEqual([]);
  });

  test("comes from any project by id (saying whether it is published), or from a published gallery only", async () => {
    const published = await makeGallery({ name: "Schools", slug: "schools-src", isPublished: true });
    await makeGallery({ name: "Draft", slug: "draft-src", isPublished: false });
    expect(await findInquirySource({ gallerySlug: "schools-src" })).toEqual({
      kind: "gallery",
      id: published.id,
      title: "Schools",
      slug: "schools-src",
      published: true,
    });
    expect(await findInquirySource({ gallerySlug: "draft-src" })).toBeNull();
    expect(await findInquirySource({ projectId: "00000000-0000-4000-8000-000000000000" })).toBeNull();
    const client = await makeClient();
    const draft = await makeProject({ clientId: client.id });
    expect((await findInquirySource({ projectId: draft.id }))?.published).toBe(false);
    const shown = await makeProject({ clientId: client.id, showInGallery: true });
    expect((await findInquirySource({ projectId: shown.id }))?.published).toBe(true);
  });

  test("the list searches name, organisation, message and source, and filters by status", async () => {
    await makeInquiry({ name: "Searchable Sam", organisation: "Zebra Park", status: "lost" });
    await makeInquiry({ name: "Other Olly", sourceTitle: "Zebra Ship", status: "new" });
    const zebra = await listInquiries({ q: "zebra", page: 1 });
    expect(zebra.rows.map((row) => row.name).sort()).toEqual(["Other Olly", "Searchable Sam"]);
    const lost = await listInquiries({ q: "zebra", status: "lost", page: 1 });
    expect(lost.rows.map((row) => row.name)).toEqual(["Searchable Sam"]);
    expect((await listInquiries({ q: "100%_", page: 1 })).total).toBe(0);
    // Each row says who owns it and when its next step is due.
    const owner = await createUser({ role: "staff", name: "Olga Owner" });
    await makeInquiry({ name: "Zebra Owned", ownerId: owner.id, nextActionOn: "2031-03-04" });
    const [owned] = (await listInquiries({ q: "Zebra Owned", page: 1 })).rows;
    expect(owned).toMatchObject({ ownerName: "Olga Owner", nextActionOn: "2031-03-04" });
  });

  test("Won: create client takes the organisation as the client and the inquirer as its contact", () => {
    expect(
      clientPrefill({
        name: "Robin Reyes",
        email: "robin@school.test",
        phone: null,
        organisation: "Hillside School",
        message: "A tower, please",
        sourceTitle: "Harbour Ship",
      }),
    ).toEqual({
      client: { name: "Hillside School", notes: "Inquiry about Harbour Ship: A tower, please" },
      contact: { name: "Robin Reyes", email: "robin@school.test", phone: null },
    });
  });
});
