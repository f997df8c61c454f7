// One project in the portal: its status steps and installation date, render
// versus reality, videos, pictures (the public page's lightbox and slider, run
// by the page's small script) and its documents.
import { IMAGE_SECTIONS, type PublicProject } from "~/domain/library/project-page";
import { PreviewDialog } from "~/domain/library/components/image-section";
import { ProjectMedia } from "~/domain/library/components/project-media";
import { longDate } from "~/lib/format";
import type { PortalContractRow } from "../portal.server";
import { ContractList } from "./contract-list";
import { StatusTimeline } from "./status-timeline";

export function PortalProject({
  project,
  contracts,
}: {
  project: PublicProject & { status: string };
  contracts: PortalContractRow[];
}) {
  const pictures = IMAGE_SECTIONS.some((section) => project.images[section.category].length > 0);
  return (
    <article className="grid gap-10">
      <div className="grid gap-4">
        <a href="/portal" className="w-fit text-sm underline underline-offset-4 hover:no-underline">
          ← All your projects
        </a>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{project.title}</h1>
        <div className="grid max-w-xl gap-3 rounded-lg border bg-background p-4">
          <StatusTimeline status={project.status} />
          <p className="text-sm">
            <span className="text-muted-foreground">Installation: </span>
            {longDate(project.endDate) ?? "date to be confirmed"}
          </p>
        </div>
        {project.description ? <p className="max-w-3xl whitespace-pre-line">{project.description}</p> : null}
      </div>

      <ProjectMedia project={project} headingClassName="text-xl font-semibold" />
      {!pictures && !project.videos.length ? (
        <p className="rounded-lg border bg-background p-6 text-muted-foreground">
          No pictures or videos yet. We add renders, installation and completed photos here as the project goes on.
        </p>
      ) : null}

      <section aria-labelledby="project-documents" className="grid gap-4">
        <h2 id="project-documents" className="text-xl font-semibold">
          Documents
        </h2>
        <ContractList contracts={contracts} empty="No documents for this project yet." />
      </section>
      <PreviewDialog />
    </article>
  );
}
