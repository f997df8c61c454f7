// A case study's facts box: where, for whom, when, for which ages, how big,
// the call to action (a buyer decides near the top, not only at the end of the
// page) and the playground options with their pictures. Rows without a value
// are left out, so a sparse project still reads cleanly.
import { Building2, ExternalLink, MessageSquareText, Shapes } from "lucide-react";
import type * as React from "react";
import { ResponsiveImage } from "~/domain/media/components/responsive-image";
import { AGE_GROUP_LABELS, SURFACING_LABELS } from "~/domain/projects/labels";
import { decimal, longDate } from "~/lib/format";
import { cn } from "~/lib/utils";
import { buttonVariants } from "~/ui/button";
import type { PublicProject } from "../project-page";

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[7.5rem_minmax(0,1fr)] gap-3 border-b border-border/70 py-2.5 last:border-b-0">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium">{children}</dd>
    </div>
  );
}

export function ProjectFacts({
  project,
  inquiryHref,
  className,
}: {
  project: PublicProject;
  /** The inquiry form's address, where the page offers one (a plain link: nothing per visitor, the page stays cacheable). */
  inquiryHref?: string;
  className?: string;
}) {
  const { client } = project;
  const installed = longDate(project.endDate);
  const area = decimal(project.totalSqFeet);
  return (
    <aside
      aria-labelledby="project-facts"
      className={cn(
        "grid content-start gap-4 self-start rounded-2xl border bg-card p-5 shadow-sm lg:sticky lg:top-24",
        className,
      )}
    >
      <div className="flex items-center gap-3">
        <div className="flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-lg border bg-white">
          {client.logo ? (
            <ResponsiveImage
              image={client.logo}
              alt={`${client.name} logo`}
              sizes="48px"
              fit="contain"
              className="size-full bg-white"
            />
          ) : (
            <Building2 aria-hidden="true" className="size-6 text-muted-foreground" />
          )}
        </div>
        <h2 id="project-facts" className="text-lg font-semibold">
          Project Facts
        </h2>
      </div>
      <dl>
        {client.location ? <Fact label="Location">{client.location}</Fact> : null}
        <Fact label="Client">{client.name}</Fact>
        {client.website ? (
          <Fact label="Website">
            <a
              href={client.website}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex max-w-full items-center gap-1.5 text-primary underline-offset-4 hover:underline"
            >
              <span className="truncate">{new URL(client.website).hostname.replace(/^www\./, "")}</span>
              <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </Fact>
        ) : null}
        {client.industryType ? <Fact label="Sector">{client.industryType}</Fact> : null}
        {installed ? <Fact label="Installed">{installed}</Fact> : null}
        {project.ageGroups.length ? (
          <Fact label="Age groups">{project.ageGroups.map((group) => AGE_GROUP_LABELS[group]).join(", ")}</Fact>
        ) : null}
        {project.inclusivePlay ? (
          <Fact label="Inclusive play">Yes: children of all abilities play together</Fact>
        ) : null}
        {project.capacity !== null ? (
          <Fact label="Capacity">
            {project.capacity} {project.capacity === 1 ? "child" : "children"} at once
          </Fact>
        ) : null}
        {area ? <Fact label="Total play area">{area} sq ft</Fact> : null}
        {project.levels !== null ? <Fact label="Levels">{project.levels}</Fact> : null}
        {project.surfacing ? <Fact label="Surfacing">{SURFACING_LABELS[project.surfacing]}</Fact> : null}
        {project.themeStyle ? <Fact label="Theme">{project.themeStyle}</Fact> : null}
      </dl>
      {inquiryHref ? (
        <a href={inquiryHref} data-inquiry className={buttonVariants({ className: "w-full" })}>
          <MessageSquareText aria-hidden="true" />
          Request a playground like this
        </a>
      ) : null}
      {project.options.length ? (
        <section aria-labelledby="project-options" className="grid gap-2 border-t pt-4">
          <h3 id="project-options" className="text-sm font-semibold">
            Playground Options
          </h3>
          <ul className="grid gap-2">
            {project.options.map((option) => (
              <li key={option.name} className="flex items-center gap-3 text-sm">
                {option.image ? (
                  <ResponsiveImage image={option.image} alt="" sizes="40px" className="size-10 shrink-0 rounded-md" />
                ) : (
                  <span
                    aria-hidden="true"
                    className="flex size-10 shrink-0 items-center justify-center rounded-md bg-primary/10"
                  >
                    <Shapes className="size-5 text-primary" />
                  </span>
                )}
                {option.name}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </aside>
  );
}
