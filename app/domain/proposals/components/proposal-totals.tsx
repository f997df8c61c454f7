// A proposal's totals as the buyer will read them: net, discounts, tax by
// rate (with the base each is charged on), the total, and what the optional
// lines would add. Amounts come from priceProposal (totals.ts).
import { formatMoney, formatRate, type MoneyFormat } from "../money";
import type { ProposalPricing } from "../totals";

export function ProposalTotals({
  pricing,
  money,
  label = "Totals",
}: {
  pricing: ProposalPricing;
  money: MoneyFormat;
  label?: string;
}) {
  const { totals, notChosen } = pricing;
  const amount = (minor: number) => formatMoney(minor, money);
  return (
    <section aria-label={label} className="grid gap-2">
      <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm tabular-nums">
        <dt>Subtotal</dt>
        <dd className="text-right">{amount(totals.net)}</dd>
        {totals.discount ? (
          <>
            <dt>Discounts</dt>
            <dd className="text-right">−{amount(totals.discount)}</dd>
          </>
        ) : null}
        {totals.taxes.map((band) => (
          <TaxRow key={band.rate} rate={band.rate} taxable={band.taxable} tax={band.tax} money={money} />
        ))}
        <dt className="border-t pt-1 text-base font-semibold">Total</dt>
        <dd className="border-t pt-1 text-right text-base font-semibold">{amount(totals.gross)}</dd>
      </dl>
      {notChosen.lines ? (
        <p className="text-sm text-muted-foreground">
          {`Not included: ${notChosen.lines} optional ${notChosen.lines === 1 ? "line" : "lines"}, ${amount(notChosen.gross)} with tax if chosen.`}
        </p>
      ) : null}
    </section>
  );
}

function TaxRow({ rate, taxable, tax, money }: { rate: number; taxable: number; tax: number; money: MoneyFormat }) {
  return (
    <>
      <dt>{`Tax ${formatRate(rate, money.locale)} on ${formatMoney(taxable, money)}`}</dt>
      <dd className="text-right">{formatMoney(tax, money)}</dd>
    </>
  );
}
