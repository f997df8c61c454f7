import { Badge } from "~/ui/badge";
import { INQUIRY_STATUS_LABELS, type InquiryStatus, inquiryStatusBadgeVariant } from "../schema";

export function InquiryStatusBadge({ status }: { status: InquiryStatus }) {
  return <Badge variant={inquiryStatusBadgeVariant(status)}>{INQUIRY_STATUS_LABELS[status]}</Badge>;
}
