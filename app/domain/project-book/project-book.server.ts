// The project book: the Project Library's listed projects under its current
// filters, each with its hero picture (its cover, as on its page), public
// facts and story, and the company's details and logo for the cover and the contact page. Public columns only.
import { asc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db, schema } from "~/.server/db";
import { isHttpUrl } from "~/lib/form-values";
import { projectCoverOrder } from "~/domain/library/cover.server";
import { libraryFilter } from "~/domain/library/library.server";
import type { LibraryQuery } from "~/domain/library/library";
import { mostLevels, totalSqFeet } from "~/domain/library/play-area";
import { AGE_GROUP_LABELS, type AgeGroup, type Surfacing, SURFACING_LABELS } from "~/domain/projects/schema";

/** A book is for leaving behind after a meeting, not an export: the first this many projects. */
export const BOOK_LIMIT = 60;

interface StoredImage {
  key: string;
  width: number;
  height: number;
}

export interface BookProject {
  id: string;
  /** The public slug, for the link back to the online case study (else its preview address). */
  projectName: string | null;
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
  hero: StoredImage | null;
}

export interface BookCompany {
  name: string | null;
  address: string | null;
  phone: string | null;
  links: string[];
  logo: StoredImage | null;
}

export interface ProjectBook {
  company: BookCompany;
  projects: BookProject[];
  /** More projects matched than the book holds. */
  truncated: boolean;
}

// The library's filter names the projects `p` and their clients `c`.
const p = alias(schema.projects, "p");
const c = alias(schema.clients, "c");
const i = alias(schema.projectImages, "i");
const { companySettings, playgroundOptions, projectOptions } = schema;

/** Each project's hero: its cover, as on its page (`projectCoverOrder` orders `project_images i`). */
const heroOf = () =>
  db()
    .select({ key: i.storageKey, width: i.width, height: i.height })
    .from(i)
    .where(eq(i.projectId, p.id))
    .orderBy(projectCoverOrder)
    .limit(1)
    .as("hero");

/** The project's playground options by name. */
const optionNames = sql<
  string[]
>`coalesce((select json_agg(${playgroundOptions.optionName} order by lower(${playgroundOptions.optionName}))
  from ${projectOptions} join ${playgroundOptions} on ${playgroundOptions.id} = ${projectOptions.optionId}
  where ${projectOptions.projectId} = ${p.id}), '[]'::json)`;

function loadProjects(query: Omit<LibraryQuery, "page">) {
  const hero = heroOf();
  return db()
    .select({
      id: p.id,
      projectName: p.projectName,
      title: p.title,
      clientName: c.name,
      location: c.location,
      industryType: c.industryType,
      endDate: p.endDate,
      themeStyle: p.themeStyle,
      description: p.description,
      ageGroups: p.ageGroups,
      inclusivePlay: p.inclusivePlay,
      surfacing: p.surfacing,
      capacity: p.capacity,
      zones: {
        main: p.hasMainPlayground,
        mainSqFeet: p.sqFeet,
        mainLevels: p.levels,
        toddler: p.hasToddlerZone,
        toddlerSqFeet: p.toddlerZoneSqFeet,
        toddlerLevels: p.toddlerZoneLevels,
        court: p.hasSportCourt,
        courtSqFeet: p.sportCourtSqFeet,
        courtLevels: p.sportCourtLevels,
      },
      storyBrief: p.storyBrief,
      storySolution: p.storySolution,
      storyResult: p.storyResult,
      quoteText: p.quoteText,
      quoteAuthor: p.quoteAuthor,
      quoteRole: p.quoteRole,
      options: optionNames,
      hero: { key: hero.key, width: hero.width, height: hero.height },
    })
    .from(p)
    .innerJoin(c, eq(c.id, p.clientId))
    .leftJoinLateral(hero, sql`true`)
    .where(libraryFilter(query))
    .orderBy(sql`lower(${p.title})`, asc(p.id))
    .limit(BOOK_LIMIT + 1);
}

function loadCompany() {
  return db()
    .select({
      name: companySettings.name,
      address: companySettings.address,
      phone: companySettings.phone,
      videoUrl: companySettings.videoUrl,
      facebookUrl: companySettings.facebookUrl,
      instagramUrl: companySettings.instagramUrl,
      linkedinUrl: companySettings.linkedinUrl,
      logoKey: companySettings.logoKey,
      logoWidth: companySettings.logoWidth,
      logoHeight: companySettings.logoHeight,
    })
    .from(companySettings)
    .where(eq(companySettings.id, 1));
}

const storedImage = (key: string | null, width: number | null, height: number | null): StoredImage | null =>
  key && width && height ? { key, width, height } : null;

export async function loadProjectBook(query: Omit<LibraryQuery, "page">): Promise<ProjectBook> {
  const [rows, [company]] = await Promise.all([loadProjects(query), loadCompany()]);
  return {
    company: {
      name: company?.name ?? null,
      address: company?.address ?? null,
      phone: company?.phone ?? null,
      links: [company?.videoUrl, company?.facebookUrl, company?.instagramUrl, company?.linkedinUrl].filter(
        (link): link is string => !!link && isHttpUrl(link),
      ),
      logo: storedImage(company?.logoKey ?? null, company?.logoWidth ?? null, company?.logoHeight ?? null),
    },
    projects: rows.slice(0, BOOK_LIMIT).map((row) => {
      const { zones, storyBrief, storySolution, storyResult, quoteText, quoteAuthor, quoteRole, ...project } = row;
      const included = [
        zones.main && { sqFeet: zones.mainSqFeet, levels: zones.mainLevels },
        zones.toddler && { sqFeet: zones.toddlerSqFeet, levels: zones.toddlerLevels },
        zones.court && { sqFeet: zones.courtSqFeet, levels: zones.courtLevels },
      ].filter((zone) => !!zone);
      return {
        ...project,
        totalSqFeet: totalSqFeet(included),
        levels: mostLevels(included),
        story: { brief: storyBrief, solution: storySolution, result: storyResult },
        quote: quoteText && quoteAuthor ? { text: quoteText, author: quoteAuthor, role: quoteRole } : null,
        hero: storedImage(row.hero?.key ?? null, row.hero?.width ?? null, row.hero?.height ?? null),
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
    const names = await db()
      .select({ name: playgroundOptions.optionName })
      .from(playgroundOptions)
      .where(inArray(playgroundOptions.id, query.options))
      .orderBy(sql`lower(${playgroundOptions.optionName})`);
    if (names.length) lines.push(`Playground options: ${names.map((row) => row.name).join(", ")}`);
  }
  if (query.ages.length) lines.push(`Age groups: ${query.ages.map((group) => AGE_GROUP_LABELS[group]).join(", ")}`);
  if (query.inclusive) lines.push("Inclusive play");
  if (query.surfacing) lines.push(`Surfacing: ${SURFACING_LABELS[query.surfacing]}`);
  return lines;
}

/** Who may download the book: staff always; visitors when an admin allowed it. */
export async function projectBookIsPublic(): Promise<boolean> {
  const [row] = await db()
    .select({ on: companySettings.projectBookPublic })
    .from(companySettings)
    .where(eq(companySettings.id, 1));
  return row?.on === true;
}
