// One version of a proposal as its PDF prints it (proposal-document.ts's
// shape), read from the tables: a sent version as it was frozen (its title,
// date and hash), a draft as it stands now.
import { and, eq } from "drizzle-orm";
import { db, schema } from "~/.server/db";
import { printImage } from "~/.server/images/print";
import { readContent } from "./content";
import type { PdfImage, ProposalDocument } from "./proposal-document";
import { versionSha256 } from "./proposals.server";

const { proposals, proposalVersions, clients, projects, companySettings, proposalAcceptances, user } = schema;

async function picture(stored: { key: string; width: number } | null | undefined): Promise<PdfImage | null> {
  if (!stored) return null;
  return printImage(stored.key, stored.width).catch(() => null);
}

/** The version's document and a file name for it, or null when the version is not this proposal's. */
export async function proposalVersionDocument(
  proposalId: string,
  versionId: string,
  /** The issue date a draft prints. */
  today: string,
  /** The client's contact it is addressed to (the buyer reading it in the portal), if any. */
  contactName: string | null = null,
): Promise<{ document: ProposalDocument; fileName: string } | null> {
  const [row] = await db()
    .select({
      title: proposals.title,
      validUntil: proposals.validUntil,
      number: proposalVersions.number,
      content: proposalVersions.content,
      currency: proposalVersions.currency,
      locale: proposalVersions.locale,
      sentAt: proposalVersions.sentAt,
      sha: proposalVersions.contentSha256,
      clientName: clients.name,
      clientAddress: clients.location,
      site: projects.title,
      ownerName: user.name,
      ownerEmail: user.email,
    })
    .from(proposalVersions)
    .innerJoin(proposals, eq(proposals.id, proposalVersions.proposalId))
    .innerJoin(clients, eq(clients.id, proposals.clientId))
    .leftJoin(projects, eq(projects.id, proposals.projectId))
    .leftJoin(user, eq(user.id, proposals.ownerId))
    .where(and(eq(proposalVersions.id, versionId), eq(proposalVersions.proposalId, proposalId)));
  if (!row) return null;
  const content = readContent(row.content);
  const money = { currency: row.currency, locale: row.locale };
  const [[company], [acceptance]] = await Promise.all([
    db().select().from(companySettings).where(eq(companySettings.id, 1)),
    db()
      .select()
      .from(proposalAcceptances)
      .where(and(eq(proposalAcceptances.versionId, versionId), eq(proposalAcceptances.outcome, "accepted"))),
  ]);
  const [logo, hero, pictures] = await Promise.all([
    company?.logoKey && company.logoWidth ? picture({ key: company.logoKey, width: company.logoWidth }) : null,
    picture(content.design[0]),
    Promise.all(content.lines.map((line) => picture(line.picture))),
  ]);
  const title = content.title ?? row.title;
  const document: ProposalDocument = {
    company: {
      name: company?.name ?? "Playfolio",
      address: company?.address ?? null,
      phone: company?.phone ?? null,
      email: null,
      website: null,
      logo,
    },
    money,
    proposal: {
      title,
      version: row.number,
      issuedOn: row.sentAt ? row.sentAt.toISOString().slice(0, 10) : today,
      validUntil: row.sentAt ? content.validUntil : row.validUntil,
      preparedBy: row.ownerName ? { name: row.ownerName, email: row.ownerEmail, phone: null } : null,
      versionSha256: row.sha ?? versionSha256({ ...money, content }),
    },
    client: { name: row.clientName, contactName, address: row.clientAddress },
    site: row.site,
    hero,
    introduction: content.introduction,
    sections: content.sections,
    lines: content.lines.map((line, index) => ({ ...line, picture: pictures[index] ?? null })),
    terms: content.terms,
    acceptance:
      acceptance && acceptance.typedName
        ? {
            name: acceptance.name,
            email: acceptance.email,
            typedName: acceptance.typedName,
            acceptedAt: acceptance.at,
            signaturePng: acceptance.signaturePng
              ? Buffer.from(acceptance.signaturePng.replace(/^data:image\/png;base64,/, ""), "base64")
              : null,
            chosenLineIds: acceptance.chosenLineIds,
          }
        : null,
  };
  const slug = title.replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-|-$/g, "") || "proposal";
  return { document, fileName: `${slug}-v${row.number}.pdf` };
}
