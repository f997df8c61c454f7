// A proposal's latest sent version as the client portal shows it (isomorphic:
// the loader builds it, the page renders it and prices the buyer's ticks with
// totals.ts). Only the buyer's own client's proposals are ever read into it.
import type { ImageSources } from "~/lib/image-sources";
import type { MoneyFormat } from "../proposals/money";
import type { ProposalLine, ProposalSection } from "../proposals/proposal-document";

/** What the buyer sees of a proposal's status (drafts never reach the portal). */
export type PortalProposalStatus =
  "sent" | "viewed" | "accepted" | "declined" | "changes_requested" | "expired" | "withdrawn";

/** The buyer may still accept, decline or ask for changes. */
export const OPEN_STATUSES: readonly PortalProposalStatus[] = ["sent", "viewed", "changes_requested"];

export const STATUS_LABELS: Record<PortalProposalStatus, string> = {
  sent: "Awaiting your decision",
  viewed: "Awaiting your decision",
  accepted: "Accepted",
  declined: "Declined",
  changes_requested: "Changes requested",
  expired: "Expired",
  withdrawn: "Withdrawn",
};

export interface ThreadMessage {
  id: string;
  /** The client's contact, or the staff member who answered. */
  author: string;
  fromClient: boolean;
  body: string;
  at: string;
}

export interface PortalProposal {
  id: string;
  status: PortalProposalStatus;
  title: string;
  version: number;
  /** Calendar dates, "YYYY-MM-DD". */
  issuedOn: string;
  validUntil: string | null;
  clientName: string;
  site: string | null;
  preparedBy: { name: string; email: string | null; phone: string | null } | null;
  money: MoneyFormat;
  hero: ImageSources | null;
  introduction: string | null;
  terms: string | null;
  sections: ProposalSection[];
  lines: (ProposalLine & { picture: ImageSources | null })[];
  versionSha256: string;
  acceptance: { name: string; typedName: string; acceptedAt: string; chosenLineIds: string[] } | null;
  declinedReason: string | null;
  thread: ThreadMessage[];
}
