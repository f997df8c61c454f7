// The Project Library's query (from the URL) and what its cards show.
import { AGE_GROUPS, type AgeGroup, type Surfacing, SURFACINGS } from "~/domain/projects/labels";
import type { ImageSources } from "~/lib/image-sources";
import { isUuid } from "~/lib/uuid";

export const LIBRARY_PAGE_SIZE = 24;

/** Every value of a repeated (or comma-separated) parameter, once each. */
const listParam = (params: URLSearchParams, name: string) => [
  ...new Set(params.getAll(name).flatMap((value) => value.split(","))),
];

/**
 * `?q=&industry=&options=…&age=…&inclusive=yes&surfacing=&page=`: unknown or
 * malformed values are ignored, never an error. (The render cache keys the
 * library on these names: app/.server/render-cache/public-pages.ts.)
 */
export function libraryQuery(params: URLSearchParams) {
  const options = listParam(params, "options").filter(isUuid);
  const ages = listParam(params, "age");
  const surfacing = params.get("surfacing") ?? "";
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    q: (params.get("q") ?? "").trim().slice(0, 200),
    industry: (params.get("industry") ?? "").trim().slice(0, 100),
    options: options.slice(0, 50),
    /** Youngest first; a project must serve all of them. */
    ages: AGE_GROUPS.filter((group) => ages.includes(group)),
    inclusive: params.get("inclusive") === "yes",
    surfacing: (SURFACINGS as string[]).includes(surfacing) ? (surfacing as Surfacing) : null,
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 10_000) : 1,
  };
}

/** The query's filters as a search string (`?…`, or empty), without its page unless asked. */
export function librarySearch(query: Omit<LibraryQuery, "page"> & { page?: number }): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.industry) params.set("industry", query.industry);
  for (const id of query.options) params.append("options", id);
  for (const group of query.ages) params.append("age", group);
  if (query.inclusive) params.set("inclusive", "yes");
  if (query.surfacing) params.set("surfacing", query.surfacing);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  return params.size ? `?${params}` : "";
}

/** The query as a URL, without its page (a filter change starts again at page 1) unless asked. */
export function libraryUrl(query: LibraryQuery, change: Partial<LibraryQuery> = {}): string {
  return `/${librarySearch({ ...query, page: 1, ...change })}`;
}

export type LibraryQuery = ReturnType<typeof libraryQuery>;

export interface LibraryCard {
  id: string;
  title: string;
  href: string;
  endDate: string | null;
  imageCount: number;
  videoCount: number;
  /** The project's cover (featured photo, else the first completed photo…), leading the card. */
  photo: (ImageSources & { alt: string }) | null;
  client: {
    name: string;
    logo: ImageSources | null;
    location: string | null;
    website: string | null;
    industryType: string | null;
  };
}

/**
 * How many projects each choice would leave, the other filters applied: a
 * choice within one facet that allows one value (industry, surfacing) counts
 * as an alternative to the current one; the others (age groups, inclusive
 * play, options: a project must have all) narrow the current results.
 */
export interface LibraryFacets {
  ages: Record<AgeGroup, number>;
  inclusive: number;
  surfacing: Record<Surfacing, number>;
  /** By industry name; an industry without projects is absent (0). */
  industries: Record<string, number>;
  /** By option id; an option without projects is absent (0). */
  options: Record<string, number>;
}

export interface LibraryResults {
  cards: LibraryCard[];
  total: number;
  page: number;
  pageCount: number;
  facets: LibraryFacets;
}
