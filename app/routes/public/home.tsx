import { embeddablePage } from "~/.server/http/embeddable";
import { LibraryFacets } from "~/domain/library/components/library-facets";
import { LibraryResults } from "~/domain/library/components/library-results";
import { PublicShell } from "~/domain/library/components/public-shell";
import { ProjectBookLink } from "~/domain/project-book/components/project-book-link";
import { companyName, DEFAULT_COMPANY_NAME } from "~/lib/company-name";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/home";
import { loadHomePage } from "./home.server";

// Server-rendered and not hydrated: a small script makes the filters live.
export const handle: RouteHandle = { hydrate: false };
export const middleware: Route.MiddlewareFunction[] = [embeddablePage];

export const meta: Route.MetaFunction = ({ data }) => {
  const company = data?.chrome.company.name;
  const site = companyName(company);
  const query = data?.query;
  const filtered =
    query &&
    (query.q ||
      query.industry ||
      query.options.length ||
      query.ages.length ||
      query.inclusive ||
      query.surfacing ||
      query.page > 1);
  return [
    // Without a company name the default is this page's own title: said once.
    { title: site === DEFAULT_COMPANY_NAME ? site : `Project Library | ${site}` },
    {
      name: "description",
      content: `Custom playgrounds and playable installations${company ? ` by ${company}` : ""}: search by name, industry, equipment, age group, inclusive play and surfacing.`,
    },
    ...(data ? [{ tagName: "link", rel: "canonical", href: `${data.origin}/` }] : []),
    // Filtered views are for visitors, not for search engines.
    ...(filtered ? [{ name: "robots", content: "noindex, follow" }] : []),
  ];
};

export function loader({ request, context }: Route.LoaderArgs) {
  return loadHomePage(request, context);
}

export default function ProjectLibrary({ loaderData }: Route.ComponentProps) {
  const { chrome, results, query, staff } = loaderData;
  return (
    <PublicShell chrome={chrome} query={query} live facets={results.facets} staff={staff}>
      <main className="mx-auto grid w-full max-w-7xl gap-6 px-4 py-6 sm:px-6 lg:grid-cols-[14rem_minmax(0,1fr)]">
        <h1 className="sr-only">Project Library</h1>
        <LibraryFacets query={query} facets={results.facets} />
        <div className="grid content-start gap-2">
          <p id="library-loading" role="status" hidden className="text-sm text-muted-foreground">
            Loading projects...
          </p>
          <section id="library-results" aria-label="Projects">
            <LibraryResults results={results} query={query} />
            <ProjectBookLink query={query} offered={loaderData.book} />
          </section>
        </div>
      </main>
    </PublicShell>
  );
}
