// The Project Library: listed projects (shown in the gallery and completed —
// the same rule as the sitemap) filtered in the database by text (title, client
// name and location, description), industry,
// ALL the chosen options and age groups, inclusive play and surfacing, sorted
// by title, a page at a time, with each filter choice's count, in one query.
import { type SQL, sql } from "drizzle-orm";
import { db } from "~/.server/db";
import { containsPattern } from "~/.server/db/text-search";
import { imageSources } from "~/.server/images/sources";
import { storage } from "~/.server/storage";
import { isHttpUrl } from "~/lib/form-values";
import { projectPath } from "~/domain/projects/embed";
import { projectCoverOrder } from "./cover.server";
import { AGE_GROUPS, type AgeGroup, type Surfacing, SURFACINGS } from "~/domain/projects/schema";
import {
  LIBRARY_PAGE_SIZE,
  type LibraryCard,
  type LibraryFacets,
  type LibraryQuery,
  type LibraryResults,
} from "./library";

type Row = {
  id: string;
  title: string;
  projectName: string | null;
  endDate: string | null;
  clientName: string;
  logoKey: string | null;
  logoWidth: number | null;
  logoHeight: number | null;
  location: string | null;
  website: string | null;
  industryType: string | null;
  imageCount: number;
  videoCount: number;
  photoKey: string | null;
  photoWidth: number | null;
  photoHeight: number | null;
  photoAlt: string | null;
  total: number;
  facets: FacetRow[] | null;
};

type FacetRow = [facet: "age" | "inclusive" | "surfacing" | "industry" | "option", value: string, count: number];

/** The facet counts as the page shows them: every choice present, 0 where no project would be left. */
function facetCounts(rows: FacetRow[] | null): LibraryFacets {
  const facets: LibraryFacets = {
    ages: Object.fromEntries(AGE_GROUPS.map((group) => [group, 0])) as LibraryFacets["ages"],
    inclusive: 0,
    surfacing: Object.fromEntries(SURFACINGS.map((value) => [value, 0])) as LibraryFacets["surfacing"],
    industries: {},
    options: {},
  };
  for (const [facet, value, count] of rows ?? []) {
    if (facet === "age") facets.ages[value as AgeGroup] = count;
    else if (facet === "inclusive") facets.inclusive = count;
    else if (facet === "surfacing") facets.surfacing[value as Surfacing] = count;
    else if (facet === "industry") facets.industries[value] = count;
    else facets.options[value] = count;
  }
  return facets;
}

/**
 * The library's filters over `projects p join clients c`, each on its own so
 * the facet counts can leave one out.
 */
function libraryFilters(query: Omit<LibraryQuery, "page">) {
  const pattern = containsPattern(query.q);
  const optionIds = sql.join(
    query.options.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const ages = sql`array[${sql.join(
    query.ages.map((group) => sql`${group}`),
    sql`, `,
  )}]::text[]`;
  return {
    text: query.q
      ? sql`(p.title ilike ${pattern} or c.name ilike ${pattern} or c.location ilike ${pattern}
          or p.description ilike ${pattern})`
      : sql`true`,
    industry: query.industry ? sql`c.industry_type = ${query.industry}` : sql`true`,
    options: query.options.length
      ? sql`p.id in (
          select po.project_id from project_options po
          where po.option_id in (${optionIds})
          group by po.project_id
          having count(*) = ${query.options.length})`
      : sql`true`,
    age: query.ages.length ? sql`p.age_groups @> ${ages}` : sql`true`,
    inclusive: query.inclusive ? sql`p.inclusive_play` : sql`true`,
    surfacing: query.surfacing ? sql`p.surfacing = ${query.surfacing}` : sql`true`,
  };
}

/**
 * The library's rule and every filter over `projects p join clients c`: the
 * projects the library lists for this query. The project book
 * (domain/project-book) prints what this keeps.
 */
export function libraryFilter(query: Omit<LibraryQuery, "page">): SQL {
  const { text, industry, options, age, inclusive, surfacing } = libraryFilters(query);
  return sql`p.show_in_gallery and p.status = 'completed'
    and ${text} and ${industry} and ${options} and ${age} and ${inclusive} and ${surfacing}`;
}

export async function searchLibrary(query: LibraryQuery): Promise<LibraryResults> {
  const { text, industry, options, age, inclusive, surfacing } = libraryFilters(query);
  // One statement: `matches` is every listed project the filters keep, named
  // once for the page and for the total. It is not materialized, so the
  // unfiltered page can still walk the listed-projects title index, and the
  // per-card counts are computed for the 24 cards of the page only. `base`
  // holds each listed project the search keeps with which filter it passes,
  // once, for the facet counts; the one-row `one` answers even an empty page.
  const result = await db().execute<Row>(sql`
    with matches as not materialized (
      select p.id, lower(p.title) as sort_title
      from projects p join clients c on c.id = p.client_id
      where ${libraryFilter(query)}
    ),
    page as (
      select id, sort_title from matches
      order by sort_title, id
      limit ${LIBRARY_PAGE_SIZE} offset ${(query.page - 1) * LIBRARY_PAGE_SIZE}
    ),
    base as materialized (
      select p.id, p.age_groups, p.inclusive_play, p.surfacing, c.industry_type,
        ${industry} as f_industry, ${options} as f_options, ${age} as f_age,
        ${inclusive} as f_inclusive, ${surfacing} as f_surfacing
      from projects p join clients c on c.id = p.client_id
      where p.show_in_gallery and p.status = 'completed' and ${text}
    ),
    facets as (
      select 'age' as facet, g as value, count(*)::int as n
        from base b cross join unnest(b.age_groups) g
        where f_industry and f_options and f_age and f_inclusive and f_surfacing group by g
      union all
      select 'inclusive', 'yes', count(*)::int from base b
        where f_industry and f_options and f_age and f_surfacing and b.inclusive_play
      union all
      select 'surfacing', b.surfacing, count(*)::int from base b
        where f_industry and f_options and f_age and f_inclusive and b.surfacing is not null group by b.surfacing
      union all
      select 'industry', b.industry_type, count(*)::int from base b
        where f_options and f_age and f_inclusive and f_surfacing and b.industry_type is not null group by b.industry_type
      union all
      select 'option', po.option_id::text, count(*)::int from base b join project_options po on po.project_id = b.id
        where f_industry and f_options and f_age and f_inclusive and f_surfacing group by po.option_id
    )
    select p.id, p.title, p.project_name as "projectName", p.end_date as "endDate",
      c.name as "clientName", c.logo_key as "logoKey", c.logo_width as "logoWidth", c.logo_height as "logoHeight",
      c.location, c.website, c.industry_type as "industryType",
      (select count(*) from project_images i where i.project_id = p.id)::int as "imageCount",
      photo.storage_key as "photoKey", photo.width as "photoWidth", photo.height as "photoHeight",
      photo.alt as "photoAlt",
      (select count(*) from project_videos v where v.project_id = p.id)::int as "videoCount",
      (select count(*) from matches)::int as total,
      (select json_agg(json_build_array(f.facet, f.value, f.n)) from facets f) as facets
    from (select 1) as one
    left join page on true
    left join projects p on p.id = page.id
    left join clients c on c.id = p.client_id
    left join lateral (
      select i.storage_key, i.width, i.height, coalesce(i.alt_text, i.caption) as alt from project_images i
      where i.project_id = p.id order by ${projectCoverOrder} limit 1
    ) photo on true
    order by page.sort_title, page.id`);
  const store = storage();
  const first = result.rows[0];
  // An empty page is one row of nulls with the total and the counts.
  const rows = result.rows.filter((row) => row.id !== null);
  const total = first?.total ?? 0;
  return {
    cards: rows.map((row): LibraryCard => ({
      id: row.id,
      title: row.title,
      href: projectPath(row),
      endDate: row.endDate,
      imageCount: Number(row.imageCount),
      videoCount: Number(row.videoCount),
      photo:
        row.photoKey && row.photoWidth && row.photoHeight
          ? {
              ...imageSources(row.photoKey, row.photoWidth, row.photoHeight, store),
              alt: row.photoAlt?.trim() || `Photo of ${row.title}`,
            }
          : null,
      client: {
        name: row.clientName,
        logo:
          row.logoKey && row.logoWidth && row.logoHeight
            ? imageSources(row.logoKey, row.logoWidth, row.logoHeight, store)
            : null,
        location: row.location,
        website: row.website && isHttpUrl(row.website) ? row.website : null,
        industryType: row.industryType,
      },
    })),
    total,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / LIBRARY_PAGE_SIZE)),
    facets: facetCounts(first?.facets ?? null),
  };
}
