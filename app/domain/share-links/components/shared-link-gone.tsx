// What a share link shows once it is revoked or past its last day (or never
// was): which of these happened, and how to reach the company (Settings →
// Company) to ask for the work again.
import { MapPin, Phone } from "lucide-react";
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

function Contact({ company }: { company: CompanyDetails }) {
  if (!company.name && !company.address && !company.phone) return null;
  return (
    <address className="grid gap-1.5 rounded-lg border bg-muted/40 px-6 py-4 text-sm not-italic">
      {company.name ? <p className="font-semibold">{company.name}</p> : null}
      {company.address ? (
        <p className="flex items-start justify-center gap-1.5 whitespace-pre-line text-muted-foreground">
          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {company.address}
        </p>
      ) : null}
      {company.phone ? (
        <p className="flex items-center justify-center gap-1.5">
          <Phone aria-hidden="true" className="size-4 text-muted-foreground" />
          <a href={`tel:${company.phone.replace(/[^+\d]/g, "")}`} className="font-medium hover:underline">
            {company.phone}
          </a>
        </p>
      ) : null}
    </address>
  );
}

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
      {company ? <Contact company={company} /> : null}
    </main>
  );
}
