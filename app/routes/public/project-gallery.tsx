import { InlineScript } from "~/components/inline-script";
import { embeddablePage } from "~/.server/http/embeddable";
import { EmbedFrame } from "~/domain/library/components/embed-frame";
import { IndustrySelect, SearchField } from "~/domain/library/components/filter-fields";
import { ProjectDialog, ProjectGalleryCards } from "~/domain/library/components/project-gallery";
import dialogScript from "~/embed/project-dialog.js?raw";
import filtersScript from "~/embed/filters.js?raw";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/project-gallery";
import { loadProjectGalleryPage } from "./project-gallery.server";

export const handle: RouteHandle = { hydrate: false };
export const middleware: Route.MiddlewareFunction[] = [embeddablePage];

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Project Gallery | ${data?.siteName ?? ""}` },
  { name: "description", content: "Explore our custom playground projects." },
  ...(data ? [{ tagName: "link", rel: "canonical", href: `${data.origin}/projects` }] : []),
];

export function loader({ request, context }: Route.LoaderArgs) {
  return loadProjectGalleryPage(request, context);
}

export default function ProjectGallery({ loaderData }: Route.ComponentProps) {
  const { query, cards, industries, page, pageCount } = loaderData;
  const href = (target: number) => {
    const params = new URLSearchParams();
    if (query.q) params.set("q", query.q);
    if (query.industry) params.set("industry", query.industry);
    if (target > 1) params.set("page", String(target));
    return `/projects${params.size ? `?${params}` : ""}`;
  };
  return (
    // Framed in another site, it tells the frame its height like every embeddable page.
    <EmbedFrame>
      <main className="mx-auto grid w-full max-w-7xl gap-6 px-4 py-8 sm:px-6">
        <header className="grid gap-1">
          <h1 className="text-3xl font-bold tracking-tight">Project Gallery</h1>
          <p className="text-muted-foreground">Explore our custom playground projects</p>
        </header>
        <form
          action="/projects"
          method="get"
          role="search"
          aria-label="Find projects"
          data-filters
          data-live-results="gallery-results"
          data-loading="gallery-loading"
          className="flex flex-wrap items-center gap-2"
        >
          <SearchField defaultValue={query.q} className="min-w-56 flex-1" />
          <IndustrySelect defaultValue={query.industry} industries={industries} />
          <button
            type="submit"
            className="h-9 rounded-md bg-primary px-3 text-sm font-medium text-primary-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            Search
          </button>
        </form>
        <p id="gallery-loading" role="status" hidden className="text-sm text-muted-foreground">
          Loading projects...
        </p>
        <section id="gallery-results" aria-label="Projects" className="grid gap-4">
          <ProjectGalleryCards cards={cards} />
          {pageCount > 1 ? (
            <nav aria-label="Pages" className="flex items-center justify-between text-sm">
              {page > 1 ? (
                <a href={href(page - 1)} className="rounded-md border px-3 py-1.5 hover:bg-accent">
                  Previous
                </a>
              ) : (
                <span />
              )}
              <span className="text-muted-foreground">
                Page {page} of {pageCount}
              </span>
              {page < pageCount ? (
                <a href={href(page + 1)} className="rounded-md border px-3 py-1.5 hover:bg-accent">
                  Next
                </a>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </section>
        <ProjectDialog />
        <InlineScript source={filtersScript} />
        <InlineScript source={dialogScript} />
      </main>
    </EmbedFrame>
  );
}
