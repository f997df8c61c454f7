// The frame of every portal page: the company's logo and name (Settings →
// Company), who is signed in with a Sign Out button and the portal's sections,
// and the page's one <main>.
import type * as React from "react";
import { Form, useLocation } from "react-router";
import type { CompanyDetails } from "~/domain/company/schema";
import { ResponsiveImage } from "~/domain/media/components/responsive-image";
import { Button } from "~/ui/button";
import { Logo } from "~/ui/logo";
import { cn } from "~/lib/utils";

const SECTIONS = [
  { title: "Projects and contracts", to: "/portal", active: (path: string) => !path.startsWith("/portal/proposals") },
  { title: "Proposals", to: "/portal/proposals", active: (path: string) => path.startsWith("/portal/proposals") },
];

function PortalNav() {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Client portal" className="border-t print:hidden">
      <ul className="mx-auto flex max-w-5xl gap-1 overflow-x-auto px-2 sm:px-4">
        {SECTIONS.map((section) => {
          const current = section.active(pathname);
          return (
            <li key={section.to}>
              <a
                href={section.to}
                aria-current={current ? "page" : undefined}
                className={cn(
                  "inline-block border-b-2 px-2 py-2 text-sm font-medium whitespace-nowrap focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
                  current
                    ? "border-primary text-foreground"
                    : "border-transparent text-muted-foreground hover:text-foreground",
                )}
              >
                {section.title}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function PortalShell({
  company,
  person,
  children,
}: {
  company: CompanyDetails;
  /** Who is signed in; none on the sign-in page. */
  person?: { name: string; clientName: string } | null;
  children: React.ReactNode;
}) {
  const name = company.name ?? "Client portal";
  return (
    <div className="flex min-h-svh flex-col bg-muted/30">
      <header className="border-b bg-background">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
          <a
            href="/portal"
            className="flex min-w-0 items-center gap-2 rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            {company.logo ? (
              <ResponsiveImage image={company.logo} alt="" sizes="40px" fit="contain" className="h-10 w-10 shrink-0" />
            ) : (
              <Logo className="size-8 shrink-0" />
            )}
            <span className="grid min-w-0 leading-tight">
              <span className="truncate font-semibold">{name}</span>
              <span className="text-xs text-muted-foreground">Client portal</span>
            </span>
          </a>
          {person ? (
            <div className="ml-auto flex items-center gap-3">
              <p className="hidden text-right text-sm leading-tight sm:grid">
                <span className="font-medium">{person.name}</span>
                <span className="text-muted-foreground">{person.clientName}</span>
              </p>
              <Form method="post" action="/auth/sign-out" className="print:hidden">
                <Button type="submit" variant="outline" size="sm">
                  Sign Out
                </Button>
              </Form>
            </div>
          ) : null}
        </div>
        {person ? <PortalNav /> : null}
      </header>
      <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-6 sm:px-6 sm:py-10">{children}</main>
      <footer className="border-t bg-background">
        <p className="mx-auto max-w-5xl px-4 py-4 text-sm text-muted-foreground sm:px-6">
          {[company.name, company.address, company.phone].filter(Boolean).join(" · ") || name}
        </p>
      </footer>
    </div>
  );
}
