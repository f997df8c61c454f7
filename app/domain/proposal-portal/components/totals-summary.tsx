// The proposal's totals as the buyer's ticks make them: before tax, tax by
// rate, the total (announced politely as it changes), and what the optional
// lines not ticked would add.
import { formatMoney, formatRate } from "~/domain/proposals/money";
import type { ProposalPricing } from "~/domain/proposals/totals";
import type { PortalProposal } from "../portal-proposal";

export function TotalsSummary({
  proposal,
  pricing,
  accepted,
}: {
  proposal: PortalProposal;
  pricing: ProposalPricing;
  accepted: boolean;
}) {
  const money = (minor: number) => formatMoney(minor, proposal.money);
  const { totals, notChosen } = pricing;
  const label = accepted ? "Total as accepted" : totals.tax ? "Total including tax" : "Total";
  const optional = proposal.lines.filter((line) => line.optional);
  return (
    <section aria-labelledby="totals-heading" className="ml-auto grid w-full max-w-md gap-2 break-inside-avoid">
      <h2 id="totals-heading" className="sr-only">
        Totals
      </h2>
      <dl className="grid gap-1.5 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">Total before tax</dt>
          <dd className="tabular-nums">{money(totals.taxable)}</dd>
        </div>
        {totals.taxes.map((band) => (
          <div key={band.rate} className="flex justify-between gap-4">
            <dt className="text-muted-foreground">
              Tax at {formatRate(band.rate, proposal.money.locale)} on {money(band.taxable)}
            </dt>
            <dd className="tabular-nums">{money(band.tax)}</dd>
          </div>
        ))}
        <div className="mt-1 flex items-baseline justify-between gap-4 border-t pt-3">
          <dt className="text-base font-semibold">{label}</dt>
          <dd className="text-xl font-semibold tabular-nums" aria-live="polite" data-testid="proposal-total">
            {money(totals.gross)}
          </dd>
        </div>
      </dl>
      {notChosen.lines > 0 && !accepted ? (
        <p className="text-sm text-muted-foreground">
          Not included: {notChosen.lines} optional {notChosen.lines === 1 ? "item" : "items"}, {money(notChosen.gross)}{" "}
          with tax. Tick {optional.length === 1 ? "it" : "the ones you would like"} above to include{" "}
          {optional.length === 1 ? "it" : "them"}.
        </p>
      ) : null}
    </section>
  );
}
