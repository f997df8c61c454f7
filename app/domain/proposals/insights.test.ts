// The proposals' insights from a real database: sent counts the first sending
// only, the win rate is per proposal answered, the median runs from the first
// sending to the acceptance, value is summed per week and currency, and the
// winning pages are the project pages the won inquiries came from.
import { beforeAll, describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeInquiry, makeProject } from "#tests/helpers/factories";
import { db, schema } from "~/.server/db";
import { getProposalInsights } from "./insights.server";

withTestDatabase();

const NOW = Date.parse("2026-11-20T15:00:00Z");
const at = (iso: string) => new Date(iso);

let clientId: string;

async function proposal(input: {
  title: string;
  inquiryId?: string;
  sent: string[];
  answer?: { outcome: "accepted" | "declined"; at: string; total?: number; currency?: string };
}) {
  const [row] = await db()
    .insert(schema.proposals)
    .values({ clientId, title: input.title, inquiryId: input.inquiryId ?? null })
    .returning({ id: schema.proposals.id });
  let last: { id: string; currency: string } | undefined;
  for (const [index, sentAt] of input.sent.entries()) {
    const currency = input.answer?.currency ?? "USD";
    const [version] = await db()
      .insert(schema.proposalVersions)
      .values({
        proposalId: row!.id,
        number: index + 1,
        content: {},
        currency,
        locale: "en-US",
        total: input.answer?.total ?? 0,
        totalWithOptional: input.answer?.total ?? 0,
        contentSha256: "0".repeat(64),
        sentAt: at(sentAt),
      })
      .returning({ id: schema.proposalVersions.id });
    last = { id: version!.id, currency };
  }
  if (input.answer && last) {
    const accepted = input.answer.outcome === "accepted";
    await db()
      .insert(schema.proposalAcceptances)
      .values({
        proposalId: row!.id,
        versionId: last.id,
        outcome: input.answer.outcome,
        name: "Buyer",
        email: "buyer@example.test",
        typedName: accepted ? "Buyer" : null,
        consent: accepted,
        totalAccepted: accepted ? (input.answer.total ?? 0) : null,
        declineReason: accepted ? null : "Over budget",
        contentSha256: "0".repeat(64),
        at: at(input.answer.at),
      });
  }
  return row!;
}

beforeAll(async () => {
  clientId = (await makeClient()).id;
  const tower = await makeProject({ clientId, title: "Timber Tower" });
  const slide = await makeProject({ clientId, title: "Long Slide" });
  const fromTower = await makeInquiry({ projectId: tower.id, sourceTitle: "Timber Tower" });
  const alsoTower = await makeInquiry({ projectId: tower.id, sourceTitle: "Timber Tower" });
  const fromSlide = await makeInquiry({ projectId: slide.id, sourceTitle: "Long Slide" });
  // Won in the period, 4 days after its first sending (v2 sent later does not move the start).
  await proposal({
    title: "School yard",
    inquiryId: fromTower.id,
    sent: ["2026-11-14T12:00:00Z", "2026-11-16T12:00:00Z"],
    answer: { outcome: "accepted", at: "2026-11-18T12:00:00Z", total: 1_250_000 },
  });
  // Won in the period, 2 days after sending, the same week.
  await proposal({
    title: "Park",
    inquiryId: alsoTower.id,
    sent: ["2026-11-17T12:00:00Z"],
    answer: { outcome: "accepted", at: "2026-11-19T12:00:00Z", total: 250_005 },
  });
  // Won in another currency, no inquiry: counted, and in no page's wins.
  await proposal({
    title: "Atrium",
    sent: ["2026-11-15T00:00:00Z"],
    answer: { outcome: "accepted", at: "2026-11-15T06:00:00Z", total: 99, currency: "EUR" },
  });
  // Declined: answered, not won; its inquiry's page has no win.
  await proposal({
    title: "Plaza",
    inquiryId: fromSlide.id,
    sent: ["2026-11-18T00:00:00Z"],
    answer: { outcome: "declined", at: "2026-11-19T00:00:00Z" },
  });
  // Sent and not answered yet; and one sent and won before the period.
  await proposal({ title: "Waiting", sent: ["2026-11-20T10:00:00Z"] });
  await proposal({
    title: "Old win",
    sent: ["2026-10-01T00:00:00Z"],
    answer: { outcome: "accepted", at: "2026-10-05T00:00:00Z", total: 7 },
  });
  // A draft was never sent.
  await db().insert(schema.proposals).values({ clientId, title: "Draft only" });
});

describe("the proposals' insights", () => {
  test("count the period's first sendings, wins and answers, the win rate and the median days to a win", async () => {
    const insights = await getProposalInsights(7, NOW);
    expect(insights.sent).toBe(5);
    expect(insights.won).toBe(3);
    expect(insights.answered).toBe(4);
    expect(insights.winRate).toBe(75);
    // 4, 2 and 0.25 days: the median is 2.
    expect(insights.medianDaysToWin).toBe(2);
  });

  test("sum the value won per week and currency, in minor units", async () => {
    const insights = await getProposalInsights(7, NOW);
    expect(insights.valueWon).toEqual([
      { week: "2026-11-09", currency: "EUR", won: 1, value: 99 },
      { week: "2026-11-16", currency: "USD", won: 2, value: 1_500_005 },
    ]);
  });

  test("name the project pages the won proposals' inquiries were sent from", async () => {
    const insights = await getProposalInsights(7, NOW);
    expect(insights.winningPages).toEqual([expect.objectContaining({ title: "Timber Tower", wins: 2 })]);
  });

  test("a period with nothing answered has no rate and no median", async () => {
    const insights = await getProposalInsights(7, Date.parse("2026-12-25T00:00:00Z"));
    expect(insights).toMatchObject({ sent: 0, won: 0, answered: 0, winRate: null, medianDaysToWin: null });
    expect(insights.valueWon).toEqual([]);
  });

  test("the 90-day period takes in the earlier win", async () => {
    const insights = await getProposalInsights(90, NOW);
    expect(insights.won).toBe(4);
    expect(insights.sent).toBe(6);
  });
});
