// The company's name, address and phone (Settings → Company), as the public
// pages show them: the footer, and a share link that has ended.
import { MapPin, Phone } from "lucide-react";
import { cn } from "~/lib/utils";
import type { CompanyDetails } from "../schema";

export function CompanyContact({ company, className }: { company: CompanyDetails; className?: string }) {
  return (
    <>
      {company.name ? <p className="font-semibold">{company.name}</p> : null}
      {company.address ? (
        <p className={cn("flex items-start gap-1.5 whitespace-pre-line text-muted-foreground", className)}>
          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {company.address}
        </p>
      ) : null}
      {company.phone ? (
        <p className={cn("flex items-center gap-1.5", className)}>
          <Phone aria-hidden="true" className="size-4 text-muted-foreground" />
          <a href={`tel:${company.phone.replace(/[^+\d]/g, "")}`} className="hover:underline">
            {company.phone}
          </a>
        </p>
      ) : null}
    </>
  );
}

/** Whether there is anything to show. */
export const hasCompanyContact = (company: CompanyDetails) => Boolean(company.name || company.address || company.phone);
