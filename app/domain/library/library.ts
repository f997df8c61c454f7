// The Project Library's query (from the URL) and what its cards show.
import { z } from "zod";
import type { ImageSources } from "~/lib/image-sources";

export const LIBRARY_PAGE_SIZE = 24;

const uuid = z.uuid();

/** `?q=&industry=&options=…&page=`: unknown or malformed values are ignored, never an error. */
export function libraryQuery(params: URLSearchParams) {
  const options = [...new Set(params.getAll("options").flatMap((value) => value.split(",")))].filter(
    (id) => uuid.safeParse(id).success,
  );
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
