// The project book: the Project Library's listed projects under its current
// filters, each with its hero picture (featured first, then completed,
// installation and render photos), public facts and story, and the company's
// details for the cover and the contact page. Public columns only.
import { sql } from "drizzle-orm";
import { db } from "~/.server/db";
import { libraryFilter } from "~/domain/library/library.server";
import type { LibraryQuery } from "~/domain/library/library";
import { mostLevels, totalSqFeet, type Zone } from "~/domain/library/play-area";
import { AGE_GROUP_LABELS, type AgeGroup, type Surfacing, SURFACING_LABELS } from "~/domain/projects/schema";

/** A book is for leaving behind after a meeting, not an export: the first this many projects. */
export const BOOK_LIMIT = 60;

export interface BookProject {
  id: string;
  title: string;
  clientName: string;
  location: string | null;
  industryType: string | null;
  endDate: string | null;
  themeStyle: string | null;
  description: string | null;
  options: string[];
  /** The case study's facts, as the project page's facts box shows them. */
  ageGroups: AgeGroup[];
  inclusivePlay: boolean;
  surfacing: Surfacing | null;
  capacity: number | null;
  /** The included zones' square feet added up (numeric text), or null. */
  totalSqFeet: string | null;
  /** The most levels of any included zone. */
  levels: number | null;
  story: { brief: string | null; solution: string | null; result: string | null };
  quote: { text: string; author: string; role: string | null } | null;
  hero: { key: string; width: number; height: number } | null;
}

export interface BookCompany {
  name: string | null;
  address: string | null;
  phone: string | null;
  links: string[];
}

export interface ProjectBook {
  company: BookCompany;
  projects: BookProject[];
  /** More projects matched than the book holds. */
  truncated: boolean;
}

type BookRow = Omit<BookProject, "hero" | "story" | "quote" | "totalSqFeet" | "levels"> & {
  zones: (Zone & { included: boolean })[];
  storyBrief: string | null;
  storySolution: string | null;
  storyResult: string | null;
  quoteText: string | null;
  quoteAuthor: string | null;
  quoteRole: string | null;
  heroKey: string | null;
  heroWidth: number | null;
  heroHeight: number | null;
  [column: string]: unknown;
};

export async function loadProjectBook(query: Omit<LibraryQuery, "page">): Promise<ProjectBook> {
  const [projects, company] = await Promise.all([
    db().execute<BookRow>(sql`
      select p.id, p.title, c.name as "clientName", c.location, c.industry_type as "industryType",
        p.end_date as "endDate", p.theme_style as "themeStyle", p.description,
        coalesce(to_json(p.age_groups), '[]'::json) as "ageGroups", p.inclusive_play as "inclusivePlay",
        p.surfacing, p.capacity,
        json_build_array(
          json_build_object('included', p.has_main_playground, 'sqFeet', p.sq_feet::text, 'levels', p.levels),
          json_build_object('included', p.has_toddler_zone, 'sqFeet', p.toddler_zone_sq_feet::text,
            'levels', p.toddler_zone_levels),
          json_build_object('included', p.has_sport_court, 'sqFeet', p.sport_court_sq_feet::text,
            'levels', p.sport_court_levels)) as zones,
        p.story_brief as "storyBrief", p.story_solution as "storySolution", p.story_result as "storyResult",
        p.quote_text as "quoteText", p.quote_author as "quoteAuthor", p.quote_role as "quoteRole",
        coalesce((select json_agg(o.option_name order by lower(o.option_name))
          from project_options po join playground_options o on o.id = po.option_id
          where po.project_id = p.id), '[]'::json) as options,
        hero.storage_key as "heroKey", hero.width as "heroWidth", hero.height as "heroHeight"
      from projects p join clients c on c.id = p.client_id
      left join lateral (
        select i.storage_key, i.width, i.height from project_images i where i.project_id = p.id
        order by i.is_featured desc,
          case i.image_category when 'photos_completed' then 0 when 'photos_installation' then 1 else 2 end,
          i.display_order, i.id
        limit 1
      ) hero on true
      where ${libraryFilter(query)}
      order by lower(p.title), p.id
      limit ${BOOK_LIMIT + 1}`),
    db().execute<{
      name: string | null;
      address: string | null;
      phone: string | null;
      links: (string | null)[];
    }>(sql`select name, address, phone,
        json_build_array(video_url, facebook_url, instagram_url, linkedin_url) as links
      from company_settings where id = 1`),
  ]);
  const rows = projects.rows;
  const companyRow = company.rows[0];
  return {
    company: {
      name: companyRow?.name ?? null,
      address: companyRow?.address ?? null,
      phone: companyRow?.phone ?? null,
      links: (companyRow?.links ?? []).filter((link): link is string => !!link && /^https?:\/\//.test(link)),
    },
    projects: rows.slice(0, BOOK_LIMIT).map((row) => {
      const { heroKey, heroWidth, heroHeight, storyBrief, storySolution, storyResult, ...rest } = row;
      const { quoteText, quoteAuthor, quoteRole, zones, ...project } = rest;
      const included = zones.filter((zone) => zone.included);
      return {
        ...project,
        totalSqFeet: totalSqFeet(included),
        levels: mostLevels(included),
        story: { brief: storyBrief, solution: storySolution, result: storyResult },
        quote: quoteText && quoteAuthor ? { text: quoteText, author: quoteAuthor, role: quoteRole } : null,
        hero: heroKey && heroWidth && heroHeight ? { key: heroKey, width: heroWidth, height: heroHeight } : null,
      };
    }),
    truncated: rows.length > BOOK_LIMIT,
  };
}

/** The cover's lines saying which filters made the book (option ids become their names). */
export async function describeFilters(query: Omit<LibraryQuery, "page">): Promise<string[]> {
  const lines: string[] = [];
  if (query.q) lines.push(`Search: ${query.q}`);
  if (query.industry) lines.push(`Industry: ${query.industry}`);
  if (query.options.length) {
    const ids = sql.join(
      query.options.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    const names = await db().execute<{ name: string }>(
      sql`select option_name as name from playground_options where id in (${ids}) order by lower(option_name)`,
    );
    if (names.rows.length) lines.push(`Playground options: ${names.rows.map((row) => row.name).join(", ")}`);
  }
  if (query.ages.length) lines.push(`Age groups: ${query.ages.map((group) => AGE_GROUP_LABELS[group]).join(", ")}`);
  if (query.inclusive) lines.push("Inclusive play");
  if (query.surfacing) lines.push(`Surfacing: ${SURFACING_LABELS[query.surfacing]}`);
  return lines;
}

/** Who may download the book: staff always; visitors when an admin allowed it. */
export async function projectBookIsPublic(): Promise<boolean> {
  const result = await db().execute<{ on: boolean }>(
    sql`select project_book_public as on from company_settings where id = 1`,
  );
  return result.rows[0]?.on === true;
}
