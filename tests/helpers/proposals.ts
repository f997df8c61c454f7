// Proposals for tests: a line and a version's content with defaults, a draft
// saved with given lines (through saveDraft, as the editor saves), and a
// client's contact with portal access to send to.
import { makeContact } from "./factories";
import { invitePortalContact } from "~/domain/contacts/portal-access.server";
import type { VersionContent, VersionLine } from "~/domain/proposals/content";
import { getProposal, saveDraft } from "~/domain/proposals/proposals.server";

/** A line of 1 unit at 1,250.00 (minor units) with 20 % tax, in section "equipment". */
export function proposalLine(id: string, fields: Partial<VersionLine> = {}): VersionLine {
  return {
    id,
    sectionId: "equipment",
    name: `Item ${id}`,
    description: null,
    unit: null,
    quantity: 1000,
    unitPrice: 125_000,
    discount: null,
    taxRate: 20_000,
    optional: false,
    optionId: null,
    picture: null,
    ...fields,
  };
}

export function proposalContent(lines: VersionLine[], fields: Partial<VersionContent> = {}): VersionContent {
  return {
    title: null,
    validUntil: null,
    introduction: "A play trail for the back field.",
    terms: "Half on order, half on completion.",
    design: [],
    sections: [{ id: "equipment", title: "Play equipment", description: null }],
    lines,
    ...fields,
  };
}

/** Saves the proposal's draft with these lines (and valid-until date), as the editor would. */
export async function saveProposalLines(id: string, lines: VersionLine[], validUntil: string | null = null) {
  const opened = (await getProposal(id, "2026-01-01"))!;
  return saveDraft({
    id,
    version: opened.version,
    values: { title: opened.title, validUntil, projectId: null, content: proposalContent(lines) },
    userId: null,
  });
}

/** A contact of the client with portal access (invited: the mail lands in the outbox). */
export async function portalContact(clientId: string, name = "Ada Buyer") {
  const contact = await makeContact({
    clientId,
    name,
    email: `${name.replace(/\W/g, "").toLowerCase()}-${clientId}@school.test`,
  });
  await invitePortalContact(contact.id, null);
  return contact;
}
