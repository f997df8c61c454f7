// The public page of one project, rendered on the server (no hydration).
import { Building2, Calendar, ExternalLink, MapPin } from "lucide-react";
import { ResponsiveImage } from "~/domain/media/components/responsive-image";
import { decimal, longDate } from "~/lib/format";
import { Badge } from "~/ui/badge";
import { type DimensionBlock, IMAGE_SECTIONS, type PublicProject } from "../project-page";
import { ImageSection, PreviewDialog } from "./image-section";
import { StaticVideo } from "./static-video";

function dimensionsLine(block: DimensionBlock): string | null {
  const parts = [block.length, block.width, block.height].map(decimal);
  if (parts.every((part) => part === null)) return null;
  return `${parts.map((part) => part ?? "—").join(" x ")} ft`;
}

function Details({ blocks }: { blocks: DimensionBlock[] }) {
  return (
    <section aria-labelledby="project-details" className="grid gap-3">
      <h2 id="project-details" className="text-xl font-semibold">
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

export function ProjectPage({ project }: { project: PublicProject }) {
  const { client } = project;
  const installed = longDate(project.endDate);
  // The preview walks all the pictures of the page in order: each section
  // starts where the ones before it end.
  const sections = IMAGE_SECTIONS.map((section, i) => ({
    ...section,
    images: project.images[section.category],
    startIndex: IMAGE_SECTIONS.slice(0, i).reduce((sum, before) => sum + project.images[before.category].length, 0),
  }));

  return (
    // The page's one main landmark, whichever frame is around it (library shell, embed).
    <main>
      <article className="mx-auto grid w-full max-w-6xl gap-10 px-4 py-8 sm:px-6">
        <header className="flex flex-col gap-5 sm:flex-row sm:items-start">
          <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-xl border bg-white">
            {client.logo ? (
              <ResponsiveImage
                image={client.logo}
                alt={`${client.name} logo`}
                sizes="80px"
                fit="contain"
                className="size-full bg-white"
                priority
              />
            ) : (
              <Building2 aria-hidden="true" className="size-8 text-muted-foreground" />
            )}
          </div>
          <div className="grid min-w-0 gap-3">
            <div className="grid gap-2">
              <h1 className="text-3xl font-bold tracking-tight text-balance">{project.title}</h1>
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{client.name}</span>
                {client.industryType ? <Badge variant="secondary">{client.industryType}</Badge> : null}
                {project.themeStyle ? <Badge variant="outline">{project.themeStyle}</Badge> : null}
              </div>
            </div>
            <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted-foreground">
              {client.location ? (
                <li className="flex items-center gap-1.5">
                  <MapPin aria-hidden="true" className="size-4" />
                  {client.location}
                </li>
              ) : null}
              {client.website ? (
                <li>
                  <a
                    href={client.website}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="flex items-center gap-1.5 text-primary underline-offset-4 hover:underline"
                  >
                    <ExternalLink aria-hidden="true" className="size-4" />
                    {new URL(client.website).hostname.replace(/^www\./, "")}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </li>
              ) : null}
              {installed ? (
                <li className="flex items-center gap-1.5">
                  <Calendar aria-hidden="true" className="size-4" />
                  <span>
                    <span className="sr-only">Installed </span>
                    {installed}
                  </span>
                </li>
              ) : null}
            </ul>
            {project.description ? <p className="max-w-prose whitespace-pre-line">{project.description}</p> : null}
          </div>
        </header>

        {project.videos.length ? (
          <section aria-labelledby="project-videos" className="grid gap-3">
            <h2 id="project-videos" className="text-xl font-semibold">
              Videos
            </h2>
            <div className="grid gap-4 md:grid-cols-2">
              {project.videos.map((video) => (
                <StaticVideo key={video.id} youtubeId={video.youtubeId} title={video.title} />
              ))}
            </div>
          </section>
        ) : null}

        {project.dimensions.length ? <Details blocks={project.dimensions} /> : null}

        {project.options.length ? (
          <section aria-labelledby="project-options" className="grid gap-2">
            <h2 id="project-options" className="text-xl font-semibold">
              Playground Options
            </h2>
            <p>{project.options.join(", ")}</p>
          </section>
        ) : null}

        {sections.map((section) => (
          <ImageSection
            key={section.category}
            id={`images-${section.category}`}
            title={section.title}
            images={section.images}
            startIndex={section.startIndex}
          />
        ))}
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
