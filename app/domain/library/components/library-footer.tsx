// The public pages' footer: the company's name, address, phone and social links.
import { CompanyContact, hasCompanyContact } from "~/domain/company/components/company-contact";
import { ResponsiveImage } from "~/domain/media/components/responsive-image";
import { FacebookMark, InstagramMark, LinkedInMark, VideoMark } from "~/ui/social-icons";
import type { CompanyDetails } from "~/domain/company/schema";

export function LibraryFooter({ company }: { company: CompanyDetails }) {
  const socials = [
    { href: company.videoUrl, label: "Video", Icon: VideoMark },
    { href: company.facebookUrl, label: "Facebook", Icon: FacebookMark },
    { href: company.instagramUrl, label: "Instagram", Icon: InstagramMark },
    { href: company.linkedinUrl, label: "LinkedIn", Icon: LinkedInMark },
  ].filter((social): social is typeof social & { href: string } => Boolean(social.href));
  if (!hasCompanyContact(company) && socials.length === 0) return null;
  return (
    <footer data-library-chrome className="mt-12 border-t bg-muted/40">
      <div className="mx-auto flex max-w-7xl flex-wrap items-start justify-between gap-6 px-4 py-8 text-sm sm:px-6">
        <div className="grid gap-2">
          <CompanyContact company={company} />
          {socials.length ? (
            <ul className="mt-1 flex gap-2" aria-label="Follow us">
              {socials.map(({ href, label, Icon }) => (
                <li key={label}>
                  <a
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${label} (opens in a new tab)`}
                    className="flex size-9 items-center justify-center rounded-full border bg-background text-foreground hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  >
                    <Icon aria-hidden="true" className="size-4" />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        {company.logo ? (
          <ResponsiveImage
            image={company.logo}
            alt={company.name ?? "Company logo"}
            sizes="96px"
            fit="contain"
            className="hidden size-24 bg-transparent md:block"
          />
        ) : null}
      </div>
    </footer>
  );
}
