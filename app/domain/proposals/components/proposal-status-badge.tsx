// A proposal's status as a badge: accepted green, sent and viewed blue, the
// buyer's asks amber, declined red, the rest grey.
import { Badge } from "~/ui/badge";
import { PROPOSAL_STATUS_LABELS, type ProposalStatus } from "../forms";

const VARIANTS: Record<ProposalStatus, "secondary" | "info" | "success" | "warning" | "destructive" | "outline"> = {
  draft: "secondary",
  sent: "info",
  viewed: "info",
  accepted: "success",
  declined: "destructive",
  changes_requested: "warning",
  expired: "outline",
  withdrawn: "outline",
};

export function ProposalStatusBadge({ status }: { status: ProposalStatus }) {
  return <Badge variant={VARIANTS[status]}>{PROPOSAL_STATUS_LABELS[status]}</Badge>;
}
