// Two versions of one proposal compared (compare.ts): by their numbers, the
// newer against the older, with each one's money format for the page.
import { and, eq, inArray } from "drizzle-orm";
import { db, schema } from "~/.server/db";
import { readContent } from "./content";
import { compareVersions } from "./compare";

const { proposalVersions } = schema;

/** The comparison of versions `from` and `to`, or null when the proposal lacks either. */
export async function compareProposalVersions(proposalId: string, from: number, to: number) {
  const rows = await db()
    .select({
      number: proposalVersions.number,
      content: proposalVersions.content,
      currency: proposalVersions.currency,
      locale: proposalVersions.locale,
      sentAt: proposalVersions.sentAt,
    })
    .from(proposalVersions)
    .where(and(eq(proposalVersions.proposalId, proposalId), inArray(proposalVersions.number, [from, to])));
  const before = rows.find((row) => row.number === from);
  const after = rows.find((row) => row.number === to);
  if (!before || !after) return null;
  const sections = [...readContent(after.content).sections, ...readContent(before.content).sections];
  return {
    from: { number: from, sent: before.sentAt !== null, money: { currency: before.currency, locale: before.locale } },
    to: { number: to, sent: after.sentAt !== null, money: { currency: after.currency, locale: after.locale } },
    /** Each section's title by id, the newer's first: a changed line names the section it moved from. */
    sectionTitles: Object.fromEntries(sections.reverse().map((section) => [section.id, section.title])),
    comparison: compareVersions(readContent(before.content), readContent(after.content)),
  };
}
