// A sent version as its PDF prints it (proposal-document.ts): the company, the
// client, the version's frozen content and money format, the design's hero and
// the lines' catalogue pictures, and the acceptance record once accepted.
import { eq } from "drizzle-orm";
import { db, schema } from "~/.server/db";
import { printImage } from "~/.server/images/print";
import type { AcceptanceRecord, ProposalDocument } from "../proposals/proposal-document";
import type { ClientVersion } from "./portal-proposals.server";

const { companySettings, clients, projects, contacts, user } = schema;

/** What the PDF needs beyond the version, read before a transaction (the embedded database has one connection). */
export async function documentContext(version: ClientVersion, contactId: string | null) {
  const [[company], [client], project, contact, sender] = await Promise.all([
    db().select().from(companySettings).where(eq(companySettings.id, 1)),
    db()
      .select({ name: clients.name, location: clients.location })
      .from(clients)
      .where(eq(clients.id, version.clientId)),
    version.projectId
      ? db().select({ title: projects.title }).from(projects).where(eq(projects.id, version.projectId))
      : Promise.resolve([]),
    contactId
      ? db().select({ name: contacts.name }).from(contacts).where(eq(contacts.id, contactId))
      : Promise.resolve([]),
    version.sentBy
      ? db().select({ email: user.email }).from(user).where(eq(user.id, version.sentBy))
      : Promise.resolve([]),
  ]);
  const picture = (stored: { key: string; width: number } | null | undefined, maxWidth = 1280) =>
    stored ? printImage(stored.key, stored.width, maxWidth).catch(() => null) : Promise.resolve(null);
  const [logo, hero, ...linePictures] = await Promise.all([
    company?.logoKey && company.logoWidth ? picture({ key: company.logoKey, width: company.logoWidth }, 640) : null,
    picture(version.content.design[0]),
    ...version.content.lines.map((line) => picture(line.picture, 320)),
  ]);
  return {
    company: {
      name: company?.name ?? "Playfolio",
      address: company?.address ?? null,
      phone: company?.phone ?? null,
      email: null,
      website: null,
      logo,
    },
    client: { name: client?.name ?? "", contactName: contact[0]?.name ?? null, address: client?.location ?? null },
    site: project[0]?.title ?? null,
    hero,
    linePictures,
    preparedBy: version.sentByName ? { name: version.sentByName, email: sender[0]?.email ?? null, phone: null } : null,
  };
}

export type DocumentContext = Awaited<ReturnType<typeof documentContext>>;

/** The version's printable document: a blank signature block, or the record of its acceptance. */
export function versionDocument(
  version: ClientVersion,
  context: DocumentContext,
  acceptance: AcceptanceRecord | null,
): ProposalDocument {
  const { content } = version;
  return {
    company: context.company,
    money: version.money,
    proposal: {
      title: version.title,
      version: version.number,
      issuedOn: version.sentAt.toISOString().slice(0, 10),
      validUntil: version.validUntil,
      preparedBy: context.preparedBy,
      versionSha256: version.contentSha256,
    },
    client: context.client,
    site: context.site,
    hero: context.hero,
    introduction: content.introduction,
    sections: content.sections,
    lines: content.lines.map(({ picture: _picture, optionId: _optionId, ...line }, index) => ({
      ...line,
      picture: context.linePictures[index] ?? null,
    })),
    terms: content.terms,
    acceptance,
  };
}
