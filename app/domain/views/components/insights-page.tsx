// /admin/insights: which projects and sites bring visitors and inquiries, over
// the last 7, 30 or 90 days. Every chart has its figures in a table: the daily
// chart's under it, and the top lists are tables whose bars are drawn in their
// cells (the bar is decoration; the number is the figure).
import { Download } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/ui/card";
import { ADDRESS_DAY_LIMITS, conversion, INSIGHT_PERIODS, type Insights, type PageFigures } from "../insights";
import type { InsightTable } from "../schema";
import { DailyChart, shortDay } from "./daily-chart";

const count = (value: number) => value.toLocaleString("en-US");
const percent = (value: number | null) => (value === null ? "—" : `${value.toFixed(1)}%`);

function ExportLink({ period, table, label }: { period: number; table: InsightTable; label: string }) {
  return (
    <a
      href={`/admin/insights/export?days=${period}&table=${table}`}
      download
      className={buttonVariants({ variant: "outline", size: "sm" })}
      aria-label={`Export ${label} as CSV`}
    >
      <Download aria-hidden="true" />
      CSV
    </a>
  );
}

function Section({
  title,
  description,
  exportAs,
  children,
}: {
  title: string;
  description: string;
  exportAs: { period: number; table: InsightTable };
  children: React.ReactNode;
}) {
  return (
    <Card className="min-w-0">
      <CardHeader className="flex flex-row items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle asChild>
            <h2>{title}</h2>
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        <ExportLink period={exportAs.period} table={exportAs.table} label={title.toLowerCase()} />
      </CardHeader>
      <CardContent className="min-w-0">{children}</CardContent>
    </Card>
  );
}

/** A number with a bar in proportion to the largest of its column (decoration: the number is read). */
function BarCell({ value, max }: { value: number; max: number }) {
  return (
    <div className="flex items-center justify-end gap-2">
      <span className="hidden h-2 flex-1 overflow-hidden rounded-full bg-muted sm:block" aria-hidden="true">
        <span className="block h-full rounded-full bg-primary" style={{ width: `${max ? (value / max) * 100 : 0}%` }} />
      </span>
      <span className="w-14 text-right tabular-nums">{count(value)}</span>
    </div>
  );
}

const th = "px-2 py-2 text-left font-medium text-muted-foreground";
const thNumber = "px-2 py-2 text-right font-medium text-muted-foreground";
const td = "px-2 py-2";
const tdNumber = "px-2 py-2 text-right tabular-nums";

/** A row of a figures table: what it is (a link or a site), its views, visitors where counted, and inquiries. */
interface FiguresRow {
  key: string;
  label: React.ReactNode;
  views: number;
  visitors?: number;
  inquiries: number;
}

/** Projects, galleries or sites with their views, inquiries and conversion (visitors where the rows have them). */
function FiguresTable({ rows, name, empty }: { rows: FiguresRow[]; name: string; empty: string }) {
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  const max = Math.max(...rows.map((row) => row.views));
  const visitors = rows.some((row) => row.visitors !== undefined);
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <thead className="border-b">
          <tr>
            <th scope="col" className={th}>
              {name}
            </th>
            <th scope="col" className={`${thNumber} sm:w-2/5`}>
              Views
            </th>
            {visitors ? (
              <th scope="col" className={thNumber}>
                Visitors
              </th>
            ) : null}
            <th scope="col" className={thNumber}>
              Inquiries
            </th>
            <th scope="col" className={thNumber}>
              Conversion
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b last:border-0">
              <th scope="row" className={`${td} text-left font-medium`}>
                {row.label}
              </th>
              <td className={td}>
                <BarCell value={row.views} max={max} />
              </td>
              {visitors ? <td className={tdNumber}>{count(row.visitors ?? 0)}</td> : null}
              <td className={tdNumber}>{count(row.inquiries)}</td>
              <td className={tdNumber}>{percent(conversion(row.inquiries, row.views))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PagesTable({
  pages,
  name,
  empty,
  href,
}: {
  pages: PageFigures[];
  name: string;
  empty: string;
  href: (page: PageFigures) => string;
}) {
  const rows = pages.map((page) => ({
    ...page,
    key: page.id,
    label: (
      <Link to={href(page)} className="hover:underline">
        {page.title}
      </Link>
    ),
  }));
  return <FiguresTable rows={rows} name={name} empty={empty} />;
}

function TwoColumnTable({
  rows,
  headers,
  empty,
}: {
  rows: { label: string; value: number }[];
  headers: [string, string];
  empty: string;
}) {
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  const max = Math.max(...rows.map((r) => r.value));
  return (
    <table className="w-full text-sm">
      <thead className="border-b">
        <tr>
          <th scope="col" className={th}>
            {headers[0]}
          </th>
          <th scope="col" className={`${thNumber} w-1/2`}>
            {headers[1]}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label} className="border-b last:border-0">
            <th scope="row" className={`${td} text-left font-medium break-all`}>
              {row.label}
            </th>
            <td className={td}>
              <BarCell value={row.value} max={max} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** `children`: the sections other records add (the proposals'), after the views' own. */
export function InsightsPage({ insights, children }: { insights: Insights; children?: React.ReactNode }) {
  const { period, totals } = insights;
  const peak = insights.days.reduce((best, day) => (day.views > best.views ? day : best), insights.days[0]!);
  const headline = [
    { title: "Views", value: count(totals.views) },
    { title: "Unique visitors", value: count(totals.visitors) },
    { title: "Inquiries", value: count(totals.inquiries) },
    { title: "Views to inquiry", value: percent(conversion(totals.inquiries, totals.views)) },
  ];
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Insights</h1>
          <p className="text-muted-foreground">
            Which projects and sites bring visitors and inquiries. Counted without cookies; staff are not counted.
          </p>
        </div>
        <nav aria-label="Period" className="flex gap-1 rounded-lg border p-1">
          {INSIGHT_PERIODS.map((days) => (
            <Link
              key={days}
              to={`?days=${days}`}
              aria-current={days === period ? "page" : undefined}
              className="rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground hover:bg-accent aria-[current=page]:bg-primary aria-[current=page]:text-primary-foreground"
            >
              {days} days
            </Link>
          ))}
        </nav>
      </div>

      <section aria-label={`Last ${period} days`} className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {headline.map((card) => (
          <Card key={card.title} className="gap-2 py-4">
            <CardHeader className="px-4">
              <CardTitle asChild className="text-sm font-medium text-muted-foreground">
                <h2>{card.title}</h2>
              </CardTitle>
            </CardHeader>
            <CardContent className="px-4">
              <p className="text-3xl font-bold tabular-nums">{card.value}</p>
            </CardContent>
          </Card>
        ))}
      </section>
      <p className="-mt-3 text-sm text-muted-foreground">
        {`One address adds at most ${ADDRESS_DAY_LIMITS.viewsPerPage} views of a page, ${ADDRESS_DAY_LIMITS.views} views and ${ADDRESS_DAY_LIMITS.visitors} visitors a day; a site is listed once viewed from two addresses.`}
      </p>

      <Section
        title="Views and visitors per day"
        description={`${shortDay(insights.from)} to ${shortDay(insights.to)} (UTC days). Unique visitors are counted per day.`}
        exportAs={{ period, table: "days" }}
      >
        <DailyChart
          days={insights.days}
          label={`Views and unique visitors per day, last ${period} days: ${count(totals.views)} views in all${
            peak.views > 0 ? `, most on ${shortDay(peak.day)} (${count(peak.views)})` : ""
          }. The table below has every day.`}
        />
        <details className="mt-4">
          <summary className="cursor-pointer text-sm font-medium">Every day as a table</summary>
          <div className="mt-2 max-h-80 overflow-y-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">Views, unique visitors and inquiries per day</caption>
              <thead className="border-b">
                <tr>
                  <th scope="col" className={th}>
                    Day
                  </th>
                  <th scope="col" className={thNumber}>
                    Views
                  </th>
                  <th scope="col" className={thNumber}>
                    Visitors
                  </th>
                  <th scope="col" className={thNumber}>
                    Inquiries
                  </th>
                </tr>
              </thead>
              <tbody>
                {[...insights.days].reverse().map((day) => (
                  <tr key={day.day} className="border-b last:border-0">
                    <th scope="row" className={`${td} text-left font-normal`}>
                      {shortDay(day.day)}
                    </th>
                    <td className={tdNumber}>{count(day.views)}</td>
                    <td className={tdNumber}>{count(day.visitors)}</td>
                    <td className={tdNumber}>{count(day.inquiries)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </Section>

      <Section
        title="Top projects"
        description="The most viewed projects, with the inquiries sent from their pages."
        exportAs={{ period, table: "projects" }}
      >
        <PagesTable
          pages={insights.projects}
          name="Project"
          empty="No project was viewed in this period."
          href={(page) => `/admin/projects/${page.id}/edit`}
        />
      </Section>

      <div className="grid gap-6 lg:grid-cols-2">
        <Section
          title="Top galleries"
          description="The most viewed galleries, with their inquiries."
          exportAs={{ period, table: "galleries" }}
        >
          <PagesTable
            pages={insights.galleries}
            name="Gallery"
            empty="No gallery was viewed in this period."
            href={(page) => `/admin/gallery/${page.slug ?? ""}`}
          />
        </Section>
        <Section
          title="Top embedding sites"
          description="Sites that show the pages in a frame: the views they brought and the inquiries sent from them."
          exportAs={{ period, table: "sites" }}
        >
          <FiguresTable
            rows={insights.sites.map((site) => ({
              ...site,
              key: site.origin,
              // An origin has no spaces: it may break anywhere rather than widen the table.
              label: <span className="wrap-anywhere">{site.origin}</span>,
            }))}
            name="Site"
            empty="No embedded views or inquiries in this period."
          />
        </Section>
      </div>

      <Section
        title="Inquiries per source"
        description="Where the period's inquiries were sent from."
        exportAs={{ period, table: "sources" }}
      >
        <TwoColumnTable
          rows={insights.sources.map((source) => ({ label: source.source, value: source.inquiries }))}
          headers={["Source", "Inquiries"]}
          empty="No inquiries in this period."
        />
      </Section>
      {children}
    </div>
  );
}
