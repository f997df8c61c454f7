// The proposals' figures on /admin/insights for the period's UTC days: how many
// were sent (their first version), how many were won, the win rate among those
// answered, the median days from first sending to acceptance, the value won
// by week, and the project pages the won inquiries were sent from (a visitor's
// views are not tied to the person, decision 0063: the page an inquiry came
// from is the one thing known to have been viewed before it).
import { type SQL, sql } from "drizzle-orm";
import { db } from "~/.server/db";
import { type InsightPeriod, periodDays } from "~/domain/views/insights.server";

export interface ProposalInsights {
  sent: number;
  /** Proposals with an acceptance in the period. */
  won: number;
  /** Proposals accepted or declined in the period. */
  answered: number;
  /** Won of answered, as a percentage with one decimal; null when none was answered. */
  winRate: number | null;
  /** From the first version sent to the acceptance, in days with one decimal; null without wins. */
  medianDaysToWin: number | null;
  /** Per week (its Monday) and currency, oldest first. */
  valueWon: { week: string; currency: string; won: number; value: number }[];
  /** The project pages the won proposals' inquiries were sent from, most wins first. */
  winningPages: { id: string; title: string; wins: number }[];
}

const TOP = 10;
const num = (value: unknown) => Number(value ?? 0);
const oneDecimal = (value: number) => Math.round(value * 10) / 10;

export async function getProposalInsights(period: InsightPeriod, now = Date.now()): Promise<ProposalInsights> {
  const { from, to } = periodDays(period, now);
  const inPeriod = (column: SQL) => sql`(${column} at time zone 'UTC')::date between ${from}::date and ${to}::date`;
  const answers = sql`(
    select a.proposal_id, a.outcome, a.at, a.total_accepted, v.currency
    from proposal_acceptances a join proposal_versions v on v.id = a.version_id
    where ${inPeriod(sql.raw("a.at"))})`;
  const firstSent = sql`(
    select proposal_id, min(sent_at) as sent_at from proposal_versions where sent_at is not null group by proposal_id)`;
  const [headline, weeks, pages] = await Promise.all([
    db().execute<Record<string, unknown>>(sql`
      with answers as ${answers}, first_sent as ${firstSent},
        wins as (select proposal_id, min(at) as at from answers where outcome = 'accepted' group by proposal_id)
      select
        (select count(*) from first_sent where ${inPeriod(sql.raw("sent_at"))}) as sent,
        (select count(*) from wins) as won,
        (select count(distinct proposal_id) from answers) as answered,
        (select percentile_cont(0.5) within group (order by extract(epoch from (w.at - f.sent_at)) / 86400)
          from wins w join first_sent f using (proposal_id)) as median_days`),
    db().execute<Record<string, unknown>>(sql`
      with answers as ${answers}
      select date_trunc('week', at at time zone 'UTC')::date::text as week, currency,
        count(*) as won, coalesce(sum(total_accepted), 0) as value
      from answers where outcome = 'accepted' group by 1, 2 order by 1, 2`),
    db().execute<Record<string, unknown>>(sql`
      with answers as ${answers}
      select p.id::text as id, p.title, count(distinct a.proposal_id) as wins
      from answers a
        join proposals pr on pr.id = a.proposal_id
        join inquiries i on i.id = pr.inquiry_id
        join projects p on p.id = i.project_id
      where a.outcome = 'accepted'
      group by p.id, p.title order by wins desc, p.title limit ${TOP}`),
  ]);
  const row = headline.rows[0] ?? {};
  const won = num(row.won);
  const answered = num(row.answered);
  return {
    sent: num(row.sent),
    won,
    answered,
    winRate: answered > 0 ? oneDecimal((won / answered) * 100) : null,
    medianDaysToWin:
      row.median_days === null || row.median_days === undefined ? null : oneDecimal(num(row.median_days)),
    valueWon: weeks.rows.map((week) => ({
      week: String(week.week),
      currency: String(week.currency),
      won: num(week.won),
      value: num(week.value),
    })),
    winningPages: pages.rows.map((page) => ({ id: String(page.id), title: String(page.title), wins: num(page.wins) })),
  };
}
