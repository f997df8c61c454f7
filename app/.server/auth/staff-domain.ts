// STAFF_EMAIL_DOMAINS: an address of these domains becomes staff once its owner follows the link mailed to it.
import { env } from "../env";

export function isStaffDomainEmail(email: string): boolean {
  const domain = email.split("@").pop()?.toLowerCase() ?? "";
  return env().STAFF_EMAIL_DOMAINS.includes(domain);
}

export function mailsConfirmationLink(email: string): boolean {
  return env().REQUIRE_EMAIL_VERIFICATION || isStaffDomainEmail(email);
}
