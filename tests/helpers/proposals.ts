// Proposals for tests: a line and a version's content with defaults, a draft
// saved with given lines (through saveDraft, as the editor saves), and a
// client's contact with portal access to send to.
import { makeContact } from "./factories";
import { invitePortalContact } from "~/domain/contacts/portal-access.server";
import type { VersionLine } from "~/domain/proposals/content";
import { getProposal, saveDraft } from "~/domain/proposals/proposals.server";

import { proposalContent } from "./proposal-content";

export { proposalContent, proposalLine } from "./proposal-content";

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
