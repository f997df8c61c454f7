// The public page of one project as a case study, rendered on the server (no
// hydration): hero, story and facts, render versus reality, videos, the image
// sections (each its own lightbox) and the zones' dimensions.
import { decimal } from "~/lib/format";
import { type DimensionBlock, type PublicProject } from "../project-page";
import { PreviewDialog } from "./image-section";
import { ProjectFacts } from "./project-facts";
import { ProjectHero } from "./project-hero";
import { ProjectMedia } from "./project-media";
import { ProjectStory } from "./project-story";

function dimensionsLine(block: DimensionBlock): string | null {
  const parts = [block.length, block.width, block.height].map(decimal);
  if (parts.every((part) => part === null)) return null;
  return `${parts.map((part) => part ?? "—").join(" x ")} ft`;
}

function Details({ blocks }: { blocks: DimensionBlock[] }) {
  return (
    <section aria-labelledby="project-details" className="grid gap-3">
      <h2 id="project-details" className="text-2xl font-semibold tracking-tight">
        Project Details
      </h2>
      <div className="grid gap-3 sm:grid-cols-3">
        {blocks.map((block) => {
          const line = dimensionsLine(block);
          return (
            <div key={block.title} className="rounded-lg border bg-card p-4">
              <h3 className="font-semibold">{block.title}</h3>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                {block.levels !== null ? (
                  <>
                    <dt className="text-muted-foreground">Levels</dt>
                    <dd>{block.levels}</dd>
                  </>
                ) : null}
                {block.sqFeet !== null ? (
                  <>
                    <dt className="text-muted-foreground">Square feet</dt>
                    <dd>{decimal(block.sqFeet)} sq ft</dd>
                  </>
                ) : null}
                {line ? (
                  <>
                    <dt className="text-muted-foreground">Size (L x W x H)</dt>
                    <dd>{line}</dd>
                  </>
                ) : null}
              </dl>
            </div>
          );
        })}
      </div>
    </section>
  );
}

/** `inquiryHref`: the page offers the inquiry form (in the facts box; the route adds the one at the end). */
export function ProjectPage({ project, inquiryHref }: { project: PublicProject; inquiryHref?: string }) {
  const hasStory =
    project.description || project.quote || project.story.brief || project.story.solution || project.story.result;

  return (
    // The page's one main landmark, whichever frame is around it (library shell, embed).
    <main>
      <article className="grid gap-12 pb-16">
        <ProjectHero project={project} />
        <div className="mx-auto grid w-full max-w-6xl gap-14 px-4 sm:px-6">
          <div className={hasStory ? "grid gap-10 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-14" : "grid"}>
            {/* The facts come first (a phone shows them before the story); a wide screen puts them beside it. */}
            <ProjectFacts
              project={project}
              inquiryHref={inquiryHref}
              className={hasStory ? "lg:col-start-2 lg:row-start-1" : "max-w-2xl"}
            />
            {hasStory ? <ProjectStory project={project} /> : null}
          </div>

          <ProjectMedia project={project} headingClassName="text-2xl font-semibold tracking-tight" />

          {project.dimensions.length ? <Details blocks={project.dimensions} /> : null}
        </div>
        <PreviewDialog />
      </article>
    </main>
  );
}

export function ProjectNotFound() {
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-3 p-6 text-center">
      <h1 className="text-2xl font-semibold">Project not found</h1>
      <p className="text-muted-foreground">This project does not exist, or its address has changed.</p>
      <a href="/" className="font-medium text-primary underline underline-offset-4 hover:no-underline">
        Return to Home
      </a>
    </main>
  );
}
