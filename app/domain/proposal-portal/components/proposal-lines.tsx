// A sent version's line items by section, with subtotals and totals priced in
// the browser as the buyer ticks optional lines (priceProposal, the same
// integer arithmetic the server checks the acceptance with).
import { ResponsiveImage } from "~/domain/media/components/responsive-image";
import { formatMoney, formatQuantity, formatRate, type MoneyFormat } from "~/domain/proposals/money";
import type { ProposalPricing } from "~/domain/proposals/totals";
import type { PortalProposal } from "../portal-proposals.server";

export const ACCEPT_FORM_ID = "accept-proposal";

type Line = PortalProposal["lines"][number];

function LineRow({
  line,
  amounts,
  money,
  chosen,
  onToggle,
}: {
  line: Line;
  amounts: ProposalPricing["lines"][number];
  money: MoneyFormat;
  chosen: boolean;
  /** Null once the buyer can no longer choose (answered, expired, withdrawn). */
  onToggle: ((id: string, on: boolean) => void) | null;
}) {
  const price = (minor: number) => formatMoney(minor, money);
  const quantity = `${formatQuantity(line.quantity, money.locale)}${line.unit ? ` ${line.unit}` : ""}`;
  return (
    <li className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-b py-3 last:border-b-0 break-inside-avoid">
      <div className="flex min-w-0 gap-3">
        {line.picture ? (
          <ResponsiveImage image={line.picture} alt="" sizes="64px" className="size-16 shrink-0 rounded-md" />
        ) : null}
        <div className="grid min-w-0 gap-1">
          <p className="font-medium break-words">
            {line.name}
            {line.optional ? <span className="ml-2 text-sm font-normal text-muted-foreground">(optional)</span> : null}
          </p>
          {line.description ? (
            <p className="text-sm break-words whitespace-pre-line text-muted-foreground">{line.description}</p>
          ) : null}
          <p className="text-sm text-muted-foreground">
            {`${quantity} × ${price(line.unitPrice)}`}
            {amounts.discount ? ` · less ${price(amounts.discount)}` : ""}
            {` · tax ${formatRate(line.taxRate, money.locale)}`}
          </p>
          {line.optional && onToggle ? (
            <label className="flex w-fit items-center gap-2 text-sm font-medium print:hidden">
              <input
                type="checkbox"
                name="options"
                value={line.id}
                form={ACCEPT_FORM_ID}
                checked={chosen}
                onChange={(event) => onToggle(line.id, event.currentTarget.checked)}
                className="size-4 accent-primary"
              />
              Add to my order<span className="sr-only">: {line.name}</span>
            </label>
          ) : line.optional ? (
            <p className="text-sm font-medium">{chosen ? "Chosen" : "Not chosen"}</p>
          ) : null}
        </div>
      </div>
      <p className={`text-right font-medium tabular-nums ${amounts.included ? "" : "text-muted-foreground"}`}>
        {price(amounts.gross)}
      </p>
    </li>
  );
}

export function ProposalLines({
  proposal,
  pricing,
  chosen,
  onToggle,
}: {
  proposal: Pick<PortalProposal, "sections" | "lines" | "money">;
  pricing: ProposalPricing;
  chosen: ReadonlySet<string>;
  onToggle: ((id: string, on: boolean) => void) | null;
}) {
  const { money } = proposal;
  const price = (minor: number) => formatMoney(minor, money);
  const amounts = new Map(pricing.lines.map((line) => [line.id, line]));
  const subtotals = new Map(pricing.sections.map((section) => [section.sectionId, section]));
  const { totals } = pricing;
  return (
    <div className="grid gap-6">
      {proposal.sections.map((section) => {
        const lines = proposal.lines.filter((line) => line.sectionId === section.id);
        if (lines.length === 0) return null;
        return (
          <section key={section.id} aria-labelledby={`section-${section.id}`} className="grid gap-2">
            <h3 id={`section-${section.id}`} className="text-lg font-semibold break-words">
              {section.title}
            </h3>
            {section.description ? <p className="text-sm text-muted-foreground">{section.description}</p> : null}
            <ul className="rounded-lg border bg-background px-4">
              {lines.map((line) => (
                <LineRow
                  key={line.id}
                  line={line}
                  amounts={amounts.get(line.id)!}
                  money={money}
                  chosen={chosen.has(line.id)}
                  onToggle={onToggle}
                />
              ))}
            </ul>
            <p className="flex justify-between px-4 text-sm font-medium">
              <span>Subtotal: {section.title}</span>
              <span className="tabular-nums">{price(subtotals.get(section.id)?.gross ?? 0)}</span>
            </p>
          </section>
        );
      })}
      <section
        aria-labelledby="totals-heading"
        className="grid gap-2 rounded-lg border bg-background p-4 break-inside-avoid"
      >
        <h3 id="totals-heading" className="text-lg font-semibold">
          Totals
        </h3>
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
          <dt>Net</dt>
          <dd className="text-right tabular-nums">{price(totals.net)}</dd>
          {totals.discount ? (
            <>
              <dt>Discounts</dt>
              <dd className="text-right tabular-nums">−{price(totals.discount)}</dd>
            </>
          ) : null}
          {totals.taxes.map((band) => (
            <div key={band.rate} className="contents">
              <dt>{`Tax at ${formatRate(band.rate, money.locale)} on ${price(band.taxable)}`}</dt>
              <dd className="text-right tabular-nums">{price(band.tax)}</dd>
            </div>
          ))}
          <dt className="pt-2 text-base font-semibold">Total</dt>
          <dd className="pt-2 text-right text-base font-semibold tabular-nums" aria-live="polite">
            {price(totals.gross)}
          </dd>
        </dl>
        {pricing.notChosen.lines > 0 && onToggle ? (
          <p className="text-sm text-muted-foreground print:hidden">
            {`Options not ticked would add ${price(pricing.notChosen.gross)}.`}
          </p>
        ) : null}
      </section>
    </div>
  );
}
