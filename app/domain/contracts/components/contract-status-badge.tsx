// A contract's status as a coloured badge: draft grey, sent blue, signed green, anything else grey.
import { Badge } from "~/ui/badge";
import { contractStatusBadgeVariant, contractStatusLabel } from "../schema";

export function ContractStatusBadge({ status }: { status: string }) {
  return <Badge variant={contractStatusBadgeVariant(status)}>{contractStatusLabel(status)}</Badge>;
}
