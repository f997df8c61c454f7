// What /admin/insights and the dashboard show (issue 31): views and visitors
// per day, the projects and galleries most viewed with their inquiries and
// conversion, the sites that embed the pages, and where inquiries come from,
// over the last 7, 30 or 90 days (UTC days, today included). A day's unique
// visitors are counted per day (decision 0063); over a period they are the sum
// of its days.
import { sql } from "drizzle-orm";
import { db } from "~/.server/db";
import { utcDay } from "./counter.server";
import type { DayFigures, InsightPeriod, Insights, PageFigures } from "./insights";

export type { DayFigures, InsightPeriod, Insights, PageFigures } from "./insights";

const TOP = 10;

/** The period's first and last day (UTC). */
export function periodDays(period: InsightPeriod, now = Date.now()): { from: string; to: string } {
  return { from: utcDay(now - (period - 1) * 24 * 3600_000), to: utcDay(now) };
}

// Visitors of every day: finished days as counted, today (and any day not yet reduced) from its hashes.
const VISITORS = sql`(
  select day, kind, ref, visitors from page_visitor_days
  union all
  select day, kind, ref, count(*)::int from page_visitors group by day, kind, ref
)`;

const num = (value: unknown) => Number(value ?? 0);

async function daily(from: string, to: string): Promise<DayFigures[]> {
  const { rows } = await db().execute<Record<string, unknown>>(sql`
    with days as (select generate_series(${from}::date, ${to}::date, interval '1 day')::date as day),
      visitors as ${VISITORS}
    select d.day::text as day,
      (select coalesce(sum(v.views), 0) from page_views v where v.day = d.day) as views,
      (select coalesce(sum(u.visitors), 0) from visitors u where u.day = d.day and u.kind = 'site') as visitors,
      (select count(*) from inquiries i where (i.created_at at time zone 'UTC')::date = d.day) as inquiries
    from days d order by d.day`);
  return rows.map((row) => ({
    day: String(row.day),
    views: num(row.views),
    visitors: num(row.visitors),
    inquiries: num(row.inquiries),
  }));
}

/** The most viewed projects or galleries (then those with most inquiries), with their inquiries. */
async function topPages(kind: "project" | "gallery", from: string, to: string): Promise<PageFigures[]> {
  const [table, titleColumn, slugColumn, key] =
    kind === "project"
      ? [sql`projects`, sql`t.title`, sql`null`, sql`project_id`]
      : [sql`galleries`, sql`t.name`, sql`t.slug`, sql`gallery_id`];
  const { rows } = await db().execute<Record<string, unknown>>(sql`
    with visitors as ${VISITORS},
      seen as (
        select ref, sum(views) as views from page_views
        where kind = ${kind} and day between ${from}::date and ${to}::date group by ref),
      asked as (
        select ${key}::text as ref, count(*) as inquiries from inquiries
        where ${key} is not null and (created_at at time zone 'UTC')::date between ${from}::date and ${to}::date
        group by ${key}),
      people as (
        select ref, sum(visitors) as visitors from visitors
        where kind = ${kind} and day between ${from}::date and ${to}::date group by ref)
    select t.id::text as id, ${titleColumn} as title, ${slugColumn} as slug, coalesce(s.views, 0) as views,
      coalesce(p.visitors, 0) as visitors, coalesce(a.inquiries, 0) as inquiries
    from ${table} t
      left join seen s on s.ref = t.id::text
      left join asked a on a.ref = t.id::text
      left join people p on p.ref = t.id::text
    where s.ref is not null or a.ref is not null
    order by views desc, inquiries desc, title
    limit ${TOP}`);
  return rows.map((row) => ({
    id: String(row.id),
    title: String(row.title),
    views: num(row.views),
    visitors: num(row.visitors),
    inquiries: num(row.inquiries),
    ...(row.slug ? { slug: String(row.slug) } : {}),
  }));
}

/**
 * The embedding sites: the views their frames brought and the inquiries sent
 * from them (the origin the frame reported, decision 0066); most inquiries first.
 * A site is listed only once its frames were viewed from more than one address
 * (each day's addresses, summed over the period): anyone can send any Referer
 * or `site`, and one machine must not invent a site that embeds the pages.
 */
async function topSites(from: string, to: string) {
  const { rows } = await db().execute<Record<string, unknown>>(sql`
    with visitors as ${VISITORS},
      seen as (
        select source as origin, sum(views) as views from page_views
        where source <> '' and day between ${from}::date and ${to}::date group by source),
      reached as (
        select ref as origin from visitors
        where kind = 'source' and day between ${from}::date and ${to}::date
        group by ref having sum(visitors) > 1),
      asked as (
        select embedding_site as origin, count(*) as inquiries from inquiries
        where embedding_site is not null
          and (created_at at time zone 'UTC')::date between ${from}::date and ${to}::date
        group by embedding_site)
    select s.origin, s.views, coalesce(a.inquiries, 0) as inquiries
    from seen s join reached r on r.origin = s.origin left join asked a on a.origin = s.origin
    order by inquiries desc, views desc, origin limit ${TOP}`);
  return rows.map((row) => ({ origin: String(row.origin), views: num(row.views), inquiries: num(row.inquiries) }));
}

/** Inquiries by the kind of page they were sent from. */
async function inquirySources(from: string, to: string) {
  const { rows } = await db().execute<Record<string, unknown>>(sql`
    select case when project_id is not null then 'Project pages'
        when gallery_id is not null then 'Galleries'
        when source_title is not null then 'Since deleted pages'
        else 'No page' end as source,
      count(*) as inquiries
    from inquiries where (created_at at time zone 'UTC')::date between ${from}::date and ${to}::date
    group by 1 order by inquiries desc, source`);
  return rows.map((row) => ({ source: String(row.source), inquiries: num(row.inquiries) }));
}

export async function getInsights(period: InsightPeriod, now = Date.now()): Promise<Insights> {
  const { from, to } = periodDays(period, now);
  const [days, projects, galleries, sites, sources] = await Promise.all([
    daily(from, to),
    topPages("project", from, to),
    topPages("gallery", from, to),
    topSites(from, to),
    inquirySources(from, to),
  ]);
  const sum = (pick: (day: DayFigures) => number) => days.reduce((total, day) => total + pick(day), 0);
  return {
    period,
    from,
    to,
    days,
    totals: { views: sum((d) => d.views), visitors: sum((d) => d.visitors), inquiries: sum((d) => d.inquiries) },
    projects,
    galleries,
    sites,
    sources,
  };
}

/** The dashboard's headline: the last 30 days' totals. */
export async function getViewsHeadline(now = Date.now()) {
  const { from, to } = periodDays(30, now);
  const { rows } = await db().execute<Record<string, unknown>>(sql`
    with visitors as ${VISITORS}
    select
      (select coalesce(sum(views), 0) from page_views where day between ${from}::date and ${to}::date) as views,
      (select coalesce(sum(visitors), 0) from visitors
        where kind = 'site' and day between ${from}::date and ${to}::date) as visitors,
      (select count(*) from inquiries
        where (created_at at time zone 'UTC')::date between ${from}::date and ${to}::date) as inquiries`);
  const row = rows[0] ?? {};
  return { views: num(row.views), visitors: num(row.visitors), inquiries: num(row.inquiries) };
}
