// Proposals on /admin/insights, in the screen's style (decision 0064): the
// headline figures, the value won per day or week as server-drawn SVG bars
// with every figure in a table, and the project pages winning buyers came from.
import { Link } from "react-router";
import { formatMoney } from "~/domain/proposals/money";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/ui/card";
import type { ProposalInsights } from "../proposal-insights";

const count = (value: number) => value.toLocaleString("en-US");
const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
/** Each currency's sum, written in it ("£12,000.00 + €300.00"); a dash for none. */
const moneyText = (value: Record<string, number>, locale = "en-US") =>
  Object.entries(value)
    .filter(([, minor]) => minor > 0)
    .map(([currency, minor]) => formatMoney(minor, { currency, locale }))
    .join(" + ") || "—";
const total = (value: Record<string, number>) => Object.values(value).reduce((sum, minor) => sum + minor, 0);

const th = "px-2 py-2 text-left font-medium text-muted-foreground";
const thNumber = "px-2 py-2 text-right font-medium text-muted-foreground";
const td = "px-2 py-2";
const tdNumber = "px-2 py-2 text-right tabular-nums";

function ValueChart({ insights, label }: { insights: ProposalInsights; label: string }) {
  const WIDTH = 800;
  const HEIGHT = 200;
  const PAD = { top: 12, bottom: 24, left: 8, right: 8 };
  const buckets = insights.valueWon;
  const top = Math.max(1, ...buckets.map((b) => total(b.value)));
  const step = (WIDTH - PAD.left - PAD.right) / Math.max(1, buckets.length);
  const plot = HEIGHT - PAD.top - PAD.bottom;
  const every = Math.ceil(buckets.length / 8);
  return (
    <div className="overflow-x-auto [direction:rtl]">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={label}
        className="h-auto w-full min-w-[32rem] text-muted-foreground [direction:ltr]"
      >
        <line
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={PAD.top + plot}
          y2={PAD.top + plot}
          stroke="currentColor"
          strokeOpacity={0.3}
        />
        {buckets.map((bucket, index) => {
          const height = (total(bucket.value) / top) * plot;
          const x = PAD.left + index * step + step * 0.15;
          return (
            <g key={bucket.start}>
              <rect
                x={x}
                width={step * 0.7}
                y={PAD.top + plot - height}
                height={height}
                rx={2}
                className="fill-primary"
              />
              {index % every === 0 ? (
                <text x={x + step * 0.35} y={HEIGHT - 6} textAnchor="middle" fontSize={13} fill="currentColor">
                  {shortDay(bucket.start)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
    </div>
  );
}

export function ProposalInsightsSection({ insights }: { insights: ProposalInsights }) {
  const won = insights.valueWon.reduce<Record<string, number>>((sum, bucket) => {
    for (const [currency, minor] of Object.entries(bucket.value)) sum[currency] = (sum[currency] ?? 0) + minor;
    return sum;
  }, {});
  const headline = [
    { title: "Proposals sent", value: count(insights.sent) },
    { title: "Accepted", value: count(insights.accepted) },
    { title: "Win rate", value: insights.winRate === null ? "—" : `${insights.winRate.toFixed(0)}%` },
    {
      title: "Median days to accept",
      value: insights.medianDaysToAccept === null ? "—" : insights.medianDaysToAccept.toFixed(1),
    },
  ];
  const unit = insights.bucket === "day" ? "day" : "week";
  return (
    <section aria-labelledby="proposal-insights" className="mx-auto mt-6 grid max-w-6xl gap-6">
      <div>
        <h2 id="proposal-insights" className="text-xl font-bold tracking-tight">
          Proposals
        </h2>
        <p className="text-muted-foreground">
          Sent, accepted and won in the last {insights.period} days. The win rate is accepted out of those accepted or
          declined in the period.
        </p>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {headline.map((card) => (
          <Card key={card.title} className="gap-2 py-4">
            <CardHeader className="px-4">
              <CardTitle asChild className="text-sm font-medium text-muted-foreground">
                <h3>{card.title}</h3>
              </CardTitle>
            </CardHeader>
            <CardContent className="px-4">
              <p className="text-3xl font-bold tabular-nums">{card.value}</p>
            </CardContent>
          </Card>
        ))}
      </div>
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle asChild>
            <h3>Value won per {unit}</h3>
          </CardTitle>
          <CardDescription>
            The totals of the proposals accepted, by the {unit} they were accepted (UTC): {moneyText(won)} in all.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid min-w-0 gap-4">
          <ValueChart
            insights={insights}
            label={`Value won per ${unit}, last ${insights.period} days: ${moneyText(won)} from ${count(insights.accepted)} accepted proposals. The table below has every ${unit}.`}
          />
          <details>
            <summary className="cursor-pointer text-sm font-medium">Every {unit} as a table</summary>
            <table className="mt-2 w-full text-sm">
              <caption className="sr-only">Proposals accepted and value won per {unit}</caption>
              <thead className="border-b">
                <tr>
                  <th scope="col" className={th}>
                    {unit === "day" ? "Day" : "Week of"}
                  </th>
                  <th scope="col" className={thNumber}>
                    Accepted
                  </th>
                  <th scope="col" className={thNumber}>
                    Value won
                  </th>
                </tr>
              </thead>
              <tbody>
                {[...insights.valueWon].reverse().map((bucket) => (
                  <tr key={bucket.start} className="border-b last:border-0">
                    <th scope="row" className={`${td} text-left font-normal`}>
                      {shortDay(bucket.start)}
                    </th>
                    <td className={tdNumber}>{count(bucket.accepted)}</td>
                    <td className={tdNumber}>{moneyText(bucket.value)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </CardContent>
      </Card>
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle asChild>
            <h3>Project pages winning buyers came from</h3>
          </CardTitle>
          <CardDescription>
            The project page each buyer whose proposal was accepted in the period sent their inquiry from, with its
            views in the period.
          </CardDescription>
        </CardHeader>
        <CardContent className="min-w-0">
          {insights.winningProjects.length ? (
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <thead className="border-b">
                  <tr>
                    <th scope="col" className={th}>
                      Project
                    </th>
                    <th scope="col" className={thNumber}>
                      Views
                    </th>
                    <th scope="col" className={thNumber}>
                      Won
                    </th>
                    <th scope="col" className={thNumber}>
                      Value won
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {insights.winningProjects.map((project) => (
                    <tr key={project.id} className="border-b last:border-0">
                      <th scope="row" className={`${td} text-left font-medium`}>
                        <Link to={`/admin/projects/${project.id}/edit`} className="hover:underline">
                          {project.title}
                        </Link>
                      </th>
                      <td className={tdNumber}>{count(project.views)}</td>
                      <td className={tdNumber}>{count(project.won)}</td>
                      <td className={tdNumber}>{moneyText(project.value)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">
              No proposal accepted in the period came from an inquiry sent from a project page.
            </p>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
