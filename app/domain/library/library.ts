// The Project Library's query (from the URL) and what its cards show.
import type { ImageSources } from "~/lib/image-sources";
import { isUuid } from "~/lib/uuid";

export const LIBRARY_PAGE_SIZE = 24;

/** `?q=&industry=&options=…&page=`: unknown or malformed values are ignored, never an error. */
export function libraryQuery(params: URLSearchParams) {
  const options = [...new Set(params.getAll("options").flatMap((value) => value.split(",")))].filter(isUuid);
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    q: (params.get("q") ?? "").trim().slice(0, 200),
    industry: (params.get("industry") ?? "").trim().slice(0, 100),
    options: options.slice(0, 50),
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 10_000) : 1,
  };
}

export type LibraryQuery = ReturnType<typeof libraryQuery>;

export interface LibraryCard {
  id: string;
  title: string;
  href: string;
  endDate: string | null;
  imageCount: number;
  videoCount: number;
  client: {
    name: string;
    logo: ImageSources | null;
    location: string | null;
    website: string | null;
    industryType: string | null;
  };
}

export interface LibraryResults {
  cards: LibraryCard[];
  total: number;
  page: number;
  pageCount: number;
}

/** A project's public page: its project name at the root, else its preview by id. */
export function projectPath(project: { id: string; projectName: string | null }): string {
  return project.projectName ? `/${project.projectName}` : `/projects/${project.id}/preview`;
}
