// Sent proposals for tests, through the real paths: created, its draft saved
// with lines, then sent to the client's contacts (sendProposal freezes v1).
import { localToday } from "~/domain/contracts/rules";
import type { VersionContent } from "~/domain/proposals/content";
import { createProposal, getProposal, saveDraft, sendProposal } from "~/domain/proposals/proposals.server";

/** A rope pyramid (£12,500 + 20 %) and an optional shade sail (£1,800 + 20 %): £15,000.00, or £17,160.00 with the sail. */
export function sampleContent(fields: Partial<VersionContent> = {}): VersionContent {
  const line = { description: null, unit: null, discount: null, optionId: null, picture: null } as const;
  return {
    title: null,
    validUntil: null,
    introduction: "A trail of play around the back field.\n\nBuilt over the summer holidays.",
    terms: "Payment within 30 days of installation.",
    design: [],
    sections: [{ id: "s-equipment", title: "Equipment", description: null }],
    lines: [
      {
        ...line,
        id: "l-pyramid",
        sectionId: "s-equipment",
        name: "Rope pyramid",
        quantity: 1000,
        unitPrice: 1_250_000,
        taxRate: 20_000,
        optional: false,
      },
      {
        ...line,
        id: "l-sail",
        sectionId: "s-equipment",
        name: "Shade sail",
        quantity: 1000,
        unitPrice: 180_000,
        taxRate: 20_000,
        optional: true,
      },
    ],
    ...fields,
  };
}

export interface SentProposalInput {
  clientId: string;
  contactIds: string[];
  title?: string;
  validUntil?: string | null;
  inquiryId?: string | null;
  projectId?: string | null;
  content?: VersionContent;
  sender?: { id: string | null; name: string };
}

/** A proposal sent to the contacts (v1); returns its id and the sent version's. */
export async function makeSentProposal(input: SentProposalInput): Promise<{ id: string; versionId: string }> {
  const { id } = await createProposal({
    clientId: input.clientId,
    title: input.title ?? "Northtown play trail",
    inquiryId: input.inquiryId ?? null,
    projectId: input.projectId ?? null,
    validUntil: input.validUntil ?? null,
    userId: input.sender?.id ?? null,
  });
  const sent = await reviseAndSend(id, input.contactIds, input.content ?? sampleContent(), input.sender);
  return { id, versionId: sent.versionId };
}

/** Saves `content` as the proposal's draft (a new version after a sent one) without sending it. */
export async function saveProposalDraft(id: string, content: VersionContent) {
  const proposal = (await getProposal(id, localToday()))!;
  return saveDraft({
    id,
    version: proposal.version,
    values: { title: proposal.title, validUntil: proposal.validUntil, projectId: proposal.projectId, content },
    userId: null,
  });
}

/** Saves `content` as the draft and sends it: the next version. */
export async function reviseAndSend(
  id: string,
  contactIds: string[],
  content: VersionContent,
  sender = { id: null as string | null, name: "Sam Staff" },
) {
  const saved = await saveProposalDraft(id, content);
  return sendProposal({ id, version: saved.version, contactIds, sender, today: localToday() });
}
