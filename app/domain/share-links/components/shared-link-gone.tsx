// What a share link shows once it is revoked or past its last day (or never
// was): which of these happened, and how to reach the company (Settings →
// Company) to ask for the work again.
import { CompanyContact, hasCompanyContact } from "~/domain/company/components/company-contact";
import type { CompanyDetails } from "~/domain/company/schema";
import { SHARE_LINK_MESSAGES } from "../schema";

const TEXTS = {
  revoked: {
    title: SHARE_LINK_MESSAGES.revoked,
    body: "Whoever shared it has turned it off. To see this work, ask them again or get in touch with us.",
  },
  expired: {
    title: SHARE_LINK_MESSAGES.expired,
    body: "Its last day has passed. Ask the person who sent it for a new link, or get in touch with us.",
  },
  unknown: {
    title: "Link not found",
    body: "Check that the whole address was copied, or ask the person who sent it for a new link.",
  },
};

export function SharedLinkGone({
  state,
  company,
}: {
  state: "revoked" | "expired" | "unknown";
  company: CompanyDetails | null;
}) {
  const text = TEXTS[state];
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold">{text.title}</h1>
      <p className="max-w-md text-muted-foreground">{text.body}</p>
      {company && hasCompanyContact(company) ? (
        <address className="grid gap-1.5 rounded-lg border bg-muted/40 px-6 py-4 text-sm not-italic">
          <CompanyContact company={company} className="justify-center" />
        </address>
      ) : null}
    </main>
  );
}
