// Proposals as CSV (/admin/proposals/export, and /admin/proposals/lines/export for
// their lines): the list's search, status and client filters, all its rows, in
// its order. A proposal's row reads its latest version (draft or sent); the
// lines are that version's. Amounts are exact decimals of the version's
// currency (from integer minor units, never through floating point).
import { desc, eq, sql } from "drizzle-orm";
import { db, schema } from "~/.server/db";
import { type CsvColumn, csvStream } from "~/.server/http/csv-response";
import { type ExportFile, inChunks } from "../export/chunks.server";
import { readContent } from "./content";
import { PROPOSAL_STATUS_LABELS, type ProposalListQuery, proposalListQuerySchema } from "./forms";
import { currencyDigits, decimalString } from "./money";
import { effectiveProposalStatus, latestVersion, proposalFilters } from "./proposals.server";
import { lineAmounts } from "./totals";

/** Rates are thousandths of a percent (totals.ts). */
const RATE_DECIMALS = 3;

const { proposals, proposalVersions, proposalAcceptances, clients, projects, user } = schema;

type Query = Omit<ProposalListQuery, "page">;

function readProposals(query: Query, today: string, limit: number, offset: number) {
  return db()
    .select({
      title: proposals.title,
      client: clients.name,
      project: projects.title,
      status: effectiveProposalStatus(today),
      version: proposalVersions.number,
      versionSent: sql<boolean>`${proposalVersions.sentAt} is not null`,
      currency: proposalVersions.currency,
      total: proposalVersions.total,
      totalWithOptional: proposalVersions.totalWithOptional,
      lineCount: proposalVersions.lineCount,
      validUntil: proposals.validUntil,
      sentAt:
        sql<Date | null>`(select max(v.sent_at) from proposal_versions v where v.proposal_id = ${proposals.id})`.mapWith(
          (value: string | Date | null) => (value === null ? null : new Date(value)),
        ),
      acceptedAt: proposalAcceptances.at,
      owner: user.name,
      createdAt: proposals.createdAt,
      updatedAt: proposals.updatedAt,
      content: proposalVersions.content,
    })
    .from(proposals)
    .innerJoin(clients, eq(clients.id, proposals.clientId))
    .leftJoin(projects, eq(projects.id, proposals.projectId))
    .leftJoin(proposalVersions, eq(proposalVersions.id, latestVersion))
    .leftJoin(
      proposalAcceptances,
      sql`${proposalAcceptances.proposalId} = ${proposals.id} and ${proposalAcceptances.outcome} = 'accepted'`,
    )
    .leftJoin(user, eq(user.id, proposals.ownerId))
    .where(proposalFilters(query, today))
    .orderBy(desc(proposals.updatedAt), desc(proposals.id))
    .limit(limit)
    .offset(offset);
}

type ProposalRow = Awaited<ReturnType<typeof readProposals>>[number];

/** Minor units as the currency's decimal ("1234.50", "1235" for yen). */
const money = (minor: number | null, currency: string | null) =>
  minor === null || !currency ? null : decimalString(minor, currencyDigits(currency));

/** A scaled integer as its shortest decimal ("12.5" for 12500 thousandths). */
const plain = (scaled: number, decimals: number) => decimalString(scaled, decimals).replace(/\.?0+$/, "");

export const PROPOSAL_CSV: CsvColumn<ProposalRow>[] = [
  { header: "Title", value: (r) => r.title },
  { header: "Client", value: (r) => r.client },
  { header: "Project", value: (r) => r.project },
  { header: "Status", value: (r) => PROPOSAL_STATUS_LABELS[r.status] },
  { header: "Latest Version", value: (r) => r.version },
  { header: "Latest Version Sent", value: (r) => r.versionSent },
  { header: "Currency", value: (r) => r.currency },
  { header: "Total", value: (r) => money(r.total, r.currency) },
  { header: "Total With Optional", value: (r) => money(r.totalWithOptional, r.currency) },
  { header: "Lines", value: (r) => r.lineCount },
  { header: "Valid Until", value: (r) => r.validUntil },
  { header: "Sent At", value: (r) => r.sentAt },
  { header: "Accepted At", value: (r) => r.acceptedAt },
  { header: "Owner", value: (r) => r.owner },
  { header: "Created At", value: (r) => r.createdAt },
  { header: "Updated At", value: (r) => r.updatedAt },
];

/** `today`: the company's calendar day, past which a sent proposal reads as expired. */
export function exportProposals(query: Query, today: string) {
  return inChunks((limit, offset) => readProposals(query, today, limit, offset));
}

interface LineRow {
  proposal: string;
  client: string;
  version: number;
  currency: string;
  section: string | null;
  line: ReturnType<typeof readContent>["lines"][number];
  amounts: ReturnType<typeof lineAmounts>;
}

/** Each line of the proposals' latest versions, proposal by proposal, in the version's order. */
export async function* exportProposalLines(query: Query, today: string): AsyncGenerator<LineRow> {
  for await (const row of exportProposals(query, today)) {
    if (row.version === null || !row.currency) continue;
    const content = readContent(row.content);
    const sections = new Map(content.sections.map((section) => [section.id, section.title]));
    for (const line of content.lines) {
      yield {
        proposal: row.title,
        client: row.client,
        version: row.version,
        currency: row.currency,
        section: sections.get(line.sectionId) ?? null,
        line,
        amounts: lineAmounts(line),
      };
    }
  }
}

export const PROPOSAL_LINE_CSV: CsvColumn<LineRow>[] = [
  { header: "Proposal", value: (r) => r.proposal },
  { header: "Client", value: (r) => r.client },
  { header: "Version", value: (r) => r.version },
  { header: "Section", value: (r) => r.section },
  { header: "Line", value: (r) => r.line.name },
  { header: "Description", value: (r) => r.line.description },
  { header: "Quantity", value: (r) => plain(r.line.quantity, 3) },
  { header: "Unit", value: (r) => r.line.unit },
  { header: "Unit Price", value: (r) => money(r.line.unitPrice, r.currency) },
  {
    header: "Discount",
    value: ({ line, currency }) =>
      line.discount?.kind === "percent"
        ? `${plain(line.discount.rate, RATE_DECIMALS)}%`
        : line.discount?.kind === "amount"
          ? money(line.discount.amount, currency)
          : null,
  },
  { header: "Tax Rate", value: (r) => plain(r.line.taxRate, RATE_DECIMALS) },
  { header: "Optional", value: (r) => r.line.optional },
  { header: "Net", value: (r) => money(r.amounts.net, r.currency) },
  { header: "Tax", value: (r) => money(r.amounts.tax, r.currency) },
  { header: "Total", value: (r) => money(r.amounts.gross, r.currency) },
  { header: "Currency", value: (r) => r.currency },
];

/** Export everything's proposals and their lines: all of them. */
export function proposalFiles(today: string): ExportFile[] {
  const all = proposalListQuerySchema.parse({});
  return [
    { name: "proposals.csv", body: () => csvStream(PROPOSAL_CSV, exportProposals(all, today)) },
    { name: "proposal-lines.csv", body: () => csvStream(PROPOSAL_LINE_CSV, exportProposalLines(all, today)) },
  ];
}
