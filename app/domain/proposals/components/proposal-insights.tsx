// The proposals' part of /admin/insights: the period's headline figures, the
// value won per week, and the project pages the won inquiries came from. Amounts
// are shown in each week's currency (a company may change its currency; old
// proposals keep theirs) in the company's locale.
import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/ui/card";
import type { ProposalInsights } from "../insights.server";
import { formatMoney } from "../money";

const th = "px-2 py-2 text-left font-medium text-muted-foreground";
const thNumber = "px-2 py-2 text-right font-medium text-muted-foreground";
const td = "px-2 py-2";
const tdNumber = "px-2 py-2 text-right tabular-nums";

const weekOf = (day: string, locale: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString(locale, { day: "numeric", month: "short", timeZone: "UTC" });

export function ProposalInsightsSection({
  insights,
  period,
  locale,
}: {
  insights: ProposalInsights;
  period: number;
  locale: string;
}) {
  const count = (value: number) => value.toLocaleString(locale);
  const headline = [
    { title: "Proposals sent", value: count(insights.sent) },
    { title: "Accepted", value: count(insights.won) },
    { title: "Win rate", value: insights.winRate === null ? "—" : `${insights.winRate.toFixed(1)}%` },
    {
      title: "Median days to accept",
      value: insights.medianDaysToWin === null ? "—" : insights.medianDaysToWin.toLocaleString(locale),
    },
  ];
  return (
    <section aria-labelledby="proposal-insights" className="grid gap-4">
      <div>
        <h2 id="proposal-insights" className="text-xl font-semibold tracking-tight">
          Proposals
        </h2>
        <p className="text-sm text-muted-foreground">
          {`Last ${period} days. The win rate is accepted of the proposals answered (accepted or declined); days to accept run from the first version sent.`}
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
      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle asChild>
              <h3>Value won per week</h3>
            </CardTitle>
            <CardDescription>The accepted totals, with the options the buyers ticked.</CardDescription>
          </CardHeader>
          <CardContent>
            {insights.valueWon.length === 0 ? (
              <p className="text-sm text-muted-foreground">No proposal was accepted in this period.</p>
            ) : (
              <table className="w-full text-sm">
                <caption className="sr-only">Proposals accepted and their value per week</caption>
                <thead className="border-b">
                  <tr>
                    <th scope="col" className={th}>
                      Week of
                    </th>
                    <th scope="col" className={thNumber}>
                      Accepted
                    </th>
                    <th scope="col" className={thNumber}>
                      Value
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {insights.valueWon.map((week) => (
                    <tr key={`${week.week}-${week.currency}`} className="border-b last:border-0">
                      <th scope="row" className={`${td} text-left font-normal`}>
                        {weekOf(week.week, locale)}
                      </th>
                      <td className={tdNumber}>{count(week.won)}</td>
                      <td className={tdNumber}>{formatMoney(week.value, { currency: week.currency, locale })}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </CardContent>
        </Card>
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle asChild>
              <h3>Project pages behind the wins</h3>
            </CardTitle>
            <CardDescription>The project pages the accepted proposals&apos; inquiries were sent from.</CardDescription>
          </CardHeader>
          <CardContent>
            {insights.winningPages.length === 0 ? (
              <p className="text-sm text-muted-foreground">No accepted proposal came from a project page.</p>
            ) : (
              <table className="w-full text-sm">
                <caption className="sr-only">Project pages and the accepted proposals that came from them</caption>
                <thead className="border-b">
                  <tr>
                    <th scope="col" className={th}>
                      Project page
                    </th>
                    <th scope="col" className={thNumber}>
                      Accepted
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {insights.winningPages.map((page) => (
                    <tr key={page.id} className="border-b last:border-0">
                      <th scope="row" className={`${td} text-left font-medium`}>
                        <Link to={`/admin/projects/${page.id}/edit`} className="underline-offset-4 hover:underline">
                          {page.title}
                        </Link>
                      </th>
                      <td className={tdNumber}>{count(page.wins)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </CardContent>
        </Card>
      </div>
    </section>
  );
}
