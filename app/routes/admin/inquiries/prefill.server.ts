// "Create client" from an inquiry: /admin/clients/new?inquiry=<id> and then
// /admin/contacts/new?clientId=…&inquiry=<id> start filled in from it. The
// caller has checked access; an unknown id fills nothing.
import { clientPrefill, getInquiry } from "~/domain/inquiries/inquiries.server";
import { isUuid } from "~/lib/uuid";

export async function inquiryPrefill(request: Request) {
  const id = new URL(request.url).searchParams.get("inquiry");
  if (!isUuid(id)) return null;
  const inquiry = await getInquiry(id);
  if (!inquiry) return null;
  return { id, ...clientPrefill(inquiry) };
}
