// What staff see of a proposal's acceptance in the portal: who accepted which
// version, when, at what total with which options, and what it made: the
// draft contract (whose document is the sealed acceptance) and the project.
import { and, desc, eq } from "drizzle-orm";
import { db, schema } from "~/.server/db";
import { readContent } from "./content";

const { proposalAcceptances, proposalVersions, proposals, contracts, projects } = schema;

/** The proposal's acceptance (the latest, if ever more than one), or null when it has none. */
export async function getAcceptance(proposalId: string) {
  const [row] = await db()
    .select({
      name: proposalAcceptances.name,
      email: proposalAcceptances.email,
      typedName: proposalAcceptances.typedName,
      at: proposalAcceptances.at,
      totalAccepted: proposalAcceptances.totalAccepted,
      chosenLineIds: proposalAcceptances.chosenLineIds,
      sealed: proposalAcceptances.certificateKey,
      version: proposalVersions.number,
      content: proposalVersions.content,
      currency: proposalVersions.currency,
      locale: proposalVersions.locale,
      contractId: proposals.contractId,
      contractTitle: contracts.title,
      projectId: proposals.projectId,
      projectTitle: projects.title,
    })
    .from(proposalAcceptances)
    .innerJoin(proposalVersions, eq(proposalVersions.id, proposalAcceptances.versionId))
    .innerJoin(proposals, eq(proposals.id, proposalAcceptances.proposalId))
    .leftJoin(contracts, eq(contracts.id, proposals.contractId))
    .leftJoin(projects, eq(projects.id, proposals.projectId))
    .where(and(eq(proposalAcceptances.proposalId, proposalId), eq(proposalAcceptances.outcome, "accepted")))
    .orderBy(desc(proposalAcceptances.at))
    .limit(1);
  if (!row) return null;
  const { content, sealed, currency, locale, chosenLineIds, ...rest } = row;
  const lines = readContent(content).lines;
  return {
    ...rest,
    sealed: sealed !== null,
    money: { currency, locale },
    options: lines.filter((line) => chosenLineIds.includes(line.id)).map((line) => line.name),
  };
}

export type ProposalAcceptance = NonNullable<Awaited<ReturnType<typeof getAcceptance>>>;
