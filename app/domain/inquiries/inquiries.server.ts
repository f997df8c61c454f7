// Inquiries: a visitor's request from a project or gallery page (spam rules,
// a per-address limit, a mail to staff), and staff's list and follow-up.
import { and, count, desc, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import { addressKey } from "~/.server/auth/address-key";
import { type BackoffRule, forgiveAttempt, takeAttempt, tooManyAttemptsMessage } from "~/.server/auth/rate-limit";
import { db, schema } from "~/.server/db";
import { withActor } from "~/.server/db/history-scope";
import { containsText } from "~/.server/db/text-search";
import { logger } from "~/.server/logger";
import { sendMail } from "~/.server/mail";
import { claimOnce } from "~/.server/single-use";
import { PAGE_SIZE, pageOf, type Paginated } from "~/lib/pagination";
import { inPublishedGallery } from "../projects/visibility.server";
import { activeStaffEmails } from "../users/staff-recipients.server";
import { siteOrigin } from "../views/site-origin";
import { withVersion } from "../versioned-update.server";
import { buyerConfirmationMail } from "./confirmation-mail.server";
import { inquiryMail } from "./mail";
import { INQUIRY_MESSAGES, type InquiryFormValues, type InquiryListQuery, type InquiryStatus } from "./schema";
import { MAX_FORM_AGE_MS, spamVerdict } from "./spam";

const { inquiries, projects, galleries, user } = schema;

/**
 * Where an inquiry comes from: a project page or a published gallery. A project
 * is found published or not; the page lets visitors use only a published one.
 */
export interface InquirySource {
  kind: "project" | "gallery";
  id: string;
  title: string;
  /** The page is public (a project: Show in Gallery or in a published gallery). */
  published: boolean;
  /** A project's public slug (its page is /{projectName}, else its preview). */
  projectName?: string | null;
  /** A gallery's address (/gallery/{slug}). */
  slug?: string;
}

export async function findInquirySource(
  by: { projectId: string } | { gallerySlug: string },
): Promise<InquirySource | null> {
  if ("projectId" in by) {
    const [row] = await db()
      .select({
        id: projects.id,
        title: projects.title,
        projectName: projects.projectName,
        published: sql<boolean>`${projects.showInGallery} or ${inPublishedGallery()}`,
      })
      .from(projects)
      .where(eq(projects.id, by.projectId));
    return row ? { kind: "project", ...row } : null;
  }
  const [row] = await db()
    .select({ id: galleries.id, title: galleries.name, slug: galleries.slug })
    .from(galleries)
    .where(and(eq(galleries.slug, by.gallerySlug), eq(galleries.isPublished, true)));
  return row ? { kind: "gallery", ...row, published: true } : null;
}

const MINUTE = 60_000;

/** Five inquiries an hour from one address, then a growing wait: people ask once, bots flood. */
export const inquiryRateRule = (ip: string): BackoffRule => ({
  key: `inquiry:${addressKey(ip)}`,
  freeFailures: 5,
  baseDelayMs: 10 * MINUTE,
  maxDelayMs: 24 * 60 * MINUTE,
  forgetAfterMs: 60 * MINUTE,
});

/** Confirmations one inbox gets in a day, however many inquiries name it. */
export const CONFIRMATIONS_PER_DAY = 3;

/**
 * One inbox, as the confirmations' cap counts it: letter case aside, and without a `+tag` (most
 * mail hosts deliver `robin+1@…` to `robin@…`) or, at Gmail, dots. Two people merged by this share
 * a cap of a few mails a day; one inbox spelt many ways does not get many mails.
 */
export function inboxKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 1) return address;
  const domain = address.slice(at + 1);
  let local = address.slice(0, at).replace(/\+.*$/, "");
  if (domain === "gmail.com" || domain === "googlemail.com") local = local.replaceAll(".", "");
  return `${local || address.slice(0, at)}@${domain}`;
}

const DAY_MS = 24 * 60 * MINUTE;

/** The buyer's confirmations to one inbox: CONFIRMATIONS_PER_DAY, then none until the day is over. */
export const confirmationCapRule = (email: string): BackoffRule => ({
  key: `mail:inquiry-confirmation:${inboxKey(email)}`,
  freeFailures: CONFIRMATIONS_PER_DAY,
  baseDelayMs: DAY_MS,
  maxDelayMs: DAY_MS,
  forgetAfterMs: DAY_MS,
});

export type SubmitResult =
  { ok: true; id: string | null } | { ok: false; reason: "too-fast" | "rate-limited"; message: string };

/**
 * The site whose page framed the form, as the frame's script reported it: its
 * origin only, and nothing when it is not an http(s) address or is this site
 * itself. The browser could send anything: it is counted, never trusted.
 */
export function embeddingSiteOf(reported: string | undefined, ownOrigin: string): string | null {
  const site = siteOrigin(reported);
  return site && site !== siteOrigin(ownOrigin) ? site : null;
}

/**
 * A visitor's inquiry. A filled honeypot is answered as a success (a bot must
 * not learn what gave it away) and nothing is kept. The mail to staff goes
 * after the commit; if it fails the inquiry is still on the Inquiries screen.
 */
export async function submitInquiry(input: {
  values: InquiryFormValues;
  source: InquirySource;
  ip: string;
  /** The form's signed stamp (its own id, and how long ago it was shown), null when missing or forged. */
  stamp: { id: string; ageMs: number } | null;
  /** Absolute links in the mail start here (publicOrigin). */
  origin: string;
}): Promise<SubmitResult> {
  const verdict = spamVerdict({ honeypot: input.values.website, elapsedMs: input.stamp?.ageMs ?? null });
  if (verdict === "honeypot") {
    logger().info({ source: input.source.id }, "inquiry dropped: honeypot filled");
    return { ok: true, id: null };
  }
  const { values, source, stamp } = input;
  if (verdict === "too-fast" || !stamp) return { ok: false, reason: "too-fast", message: INQUIRY_MESSAGES.tooFast };
  const limit = await takeAttempt([inquiryRateRule(input.ip)]);
  if (!limit.allowed) {
    return { ok: false, reason: "rate-limited", message: tooManyAttemptsMessage(limit.retryAfterMs) };
  }
  const created = await db().transaction(async (tx) => {
    await withActor(tx);
    // One stamp, one inquiry: a stamp posted again (a bot replaying it, or a
    // double submit) is answered as sent, like the honeypot, and kept nowhere.
    const expiresAt = new Date(Date.now() - stamp.ageMs + MAX_FORM_AGE_MS);
    if (!(await claimOnce(`inquiry-stamp:${stamp.id}`, expiresAt, tx))) return null;
    const [row] = await tx
      .insert(inquiries)
      .values({
        name: values.name,
        email: values.email,
        organisation: values.organisation,
        phone: values.phone,
        message: values.message,
        projectId: source.kind === "project" ? source.id : null,
        galleryId: source.kind === "gallery" ? source.id : null,
        sourceTitle: source.title,
        embeddingSite: embeddingSiteOf(values.site, input.origin),
      })
      .returning({ id: inquiries.id });
    return row!;
  });
  if (!created) {
    logger().info({ source: source.id }, "inquiry dropped: its form stamp was used already");
    return { ok: true, id: null };
  }
  await notifyStaff({ id: created.id, values, source, origin: input.origin });
  await confirmToBuyer({ id: created.id, values, source, origin: input.origin });
  return { ok: true, id: created.id };
}

/**
 * The buyer's confirmation, within its inbox's daily cap; if it is over the cap or fails, the
 * inquiry is kept and staff were told all the same.
 */
async function confirmToBuyer(input: { id: string; values: InquiryFormValues; source: InquirySource; origin: string }) {
  const cap = confirmationCapRule(input.values.email);
  let taken = false;
  try {
    if (!(await takeAttempt([cap])).allowed) {
      logger().info({ inquiry: input.id }, "inquiry saved; no confirmation: its address had today's");
      return;
    }
    taken = true;
    await sendMail(await buyerConfirmationMail({ to: input.values.email, source: input.source, origin: input.origin }));
  } catch (error) {
    // A mail that did not go out does not use up the inbox's cap.
    if (taken) await forgiveAttempt(cap).catch(() => {});
    logger().error({ err: error, inquiry: input.id }, "inquiry saved, but the buyer's confirmation failed");
  }
}

async function notifyStaff(input: { id: string; values: InquiryFormValues; source: InquirySource; origin: string }) {
  try {
    const mail = inquiryMail(input);
    for (const email of await activeStaffEmails()) await sendMail({ ...mail, to: email });
  } catch (error) {
    logger().error({ err: error, inquiry: input.id }, "inquiry saved, but the mail to staff failed");
  }
}

export interface InquiryListRow {
  id: string;
  name: string;
  email: string;
  organisation: string;
  status: InquiryStatus;
  ownerName: string | null;
  nextActionOn: string | null;
  sourceTitle: string | null;
  projectId: string | null;
  createdAt: Date;
}

export function inquiryFilters(query: InquiryListQuery): SQL | undefined {
  // and() leaves out the filters not asked for (undefined), and is undefined with none.
  return and(
    containsText(query.q, [
      inquiries.name,
      inquiries.email,
      inquiries.organisation,
      inquiries.message,
      inquiries.sourceTitle,
    ]),
    query.status ? eq(inquiries.status, query.status) : undefined,
  );
}

/** One page of inquiries, newest first, in one round trip (a page past the end asks for the total). */
export async function listInquiries(query: InquiryListQuery & { page: number }): Promise<Paginated<InquiryListRow>> {
  const rows = await db()
    .select({
      id: inquiries.id,
      name: inquiries.name,
      email: inquiries.email,
      organisation: inquiries.organisation,
      status: inquiries.status,
      ownerName: user.name,
      nextActionOn: inquiries.nextActionOn,
      sourceTitle: inquiries.sourceTitle,
      projectId: inquiries.projectId,
      createdAt: inquiries.createdAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(inquiries)
    .leftJoin(user, eq(user.id, inquiries.ownerId))
    .where(inquiryFilters(query))
    .orderBy(desc(inquiries.createdAt), desc(inquiries.id))
    .limit(PAGE_SIZE)
    .offset((query.page - 1) * PAGE_SIZE);
  return pageOf(rows, query.page, async () => {
    const [row] = await db().select({ n: count() }).from(inquiries).where(inquiryFilters(query));
    return row?.n ?? 0;
  });
}

/** One inquiry for its detail page, with where it came from (null when it does not exist). */
export async function getInquiry(id: string) {
  const [row] = await db()
    // Every column (staff see the whole inquiry), and the gallery's address.
    .select({ ...getTableColumns(inquiries), gallerySlug: galleries.slug })
    .from(inquiries)
    .leftJoin(galleries, eq(galleries.id, inquiries.galleryId))
    .where(eq(inquiries.id, id));
  return row ? withVersion(row) : null;
}
export type InquiryDetail = NonNullable<Awaited<ReturnType<typeof getInquiry>>>;

/**
 * What "Won: create client" makes: the client is the inquirer's organisation,
 * its first contact the inquirer.
 */
export function clientPrefill(
  inquiry: Pick<InquiryDetail, "name" | "email" | "phone" | "organisation" | "message" | "sourceTitle">,
) {
  const about = inquiry.sourceTitle ? ` about ${inquiry.sourceTitle}` : "";
  return {
    client: { name: inquiry.organisation, notes: `Inquiry${about}: ${inquiry.message}` },
    contact: { name: inquiry.name, email: inquiry.email, phone: inquiry.phone },
  };
}
