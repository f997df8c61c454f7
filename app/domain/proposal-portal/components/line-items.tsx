// A proposal's line items by section, as the buyer reads them: on a phone each
// row is the item with its quantity and price under it and the amount beside;
// wider (and on paper) quantity, unit price and tax have columns of their own.
// Optional lines carry a box the buyer ticks (posted with the acceptance form).
import { ResponsiveImage } from "~/domain/media/components/responsive-image";
import { formatMoney, formatQuantity, formatRate } from "~/domain/proposals/money";
import type { ProposalPricing } from "~/domain/proposals/totals";
import type { PortalProposal } from "../portal-proposal";

export function LineItems({
  proposal,
  pricing,
  chosen,
  onToggle,
  formId,
}: {
  proposal: PortalProposal;
  pricing: ProposalPricing;
  chosen: ReadonlySet<string>;
  /** Ticking is offered while the buyer may still accept; else the choice is shown. */
  onToggle: ((lineId: string, on: boolean) => void) | null;
  formId: string;
}) {
  const money = (minor: number) => formatMoney(minor, proposal.money);
  const { locale } = proposal.money;
  const amounts = new Map(pricing.lines.map((line) => [line.id, line]));
  const subtotals = new Map(pricing.sections.map((section) => [section.sectionId, section]));
  return (
    <div className="grid gap-8">
      {proposal.sections.map((section) => {
        const lines = proposal.lines.filter((line) => line.sectionId === section.id);
        if (!lines.length) return null;
        const headingId = `section-${section.id}`;
        return (
          <section key={section.id} aria-labelledby={headingId} className="grid gap-2 break-inside-auto">
            <h3 id={headingId} className="text-lg font-semibold break-after-avoid">
              {section.title}
            </h3>
            {section.description ? <p className="text-sm text-muted-foreground">{section.description}</p> : null}
            <table className="w-full text-sm">
              <caption className="sr-only">{section.title}: line items</caption>
              <thead className="border-b text-left text-xs text-muted-foreground uppercase">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Item
                  </th>
                  <th scope="col" className="hidden py-2 pr-3 text-right font-medium md:table-cell print:table-cell">
                    Quantity
                  </th>
                  <th scope="col" className="hidden py-2 pr-3 text-right font-medium md:table-cell print:table-cell">
                    Unit price
                  </th>
                  <th scope="col" className="hidden py-2 pr-3 text-right font-medium md:table-cell print:table-cell">
                    Tax
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    Amount<span className="hidden md:inline print:inline"> before tax</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {lines.map((line) => {
                  const amount = amounts.get(line.id)!;
                  const quantity = `${formatQuantity(line.quantity, locale)}${line.unit ? ` ${line.unit}` : ""}`;
                  const discount = amount.discount ? ` less ${money(amount.discount)}` : "";
                  const counted = amount.included;
                  return (
                    <tr key={line.id} className="border-b align-top break-inside-avoid last:border-0">
                      <td className="py-3 pr-3">
                        <div className="flex gap-3">
                          {line.picture ? (
                            <ResponsiveImage
                              image={line.picture}
                              alt=""
                              sizes="56px"
                              className="size-14 shrink-0 rounded-md print:hidden"
                            />
                          ) : null}
                          <div className="grid min-w-0 gap-1">
                            {line.optional ? (
                              <label className="flex items-start gap-2 font-medium">
                                <input
                                  type="checkbox"
                                  name="chosen"
                                  value={line.id}
                                  form={formId}
                                  checked={chosen.has(line.id)}
                                  disabled={!onToggle}
                                  onChange={(event) => onToggle?.(line.id, event.currentTarget.checked)}
                                  className="mt-0.5 size-4 shrink-0 accent-primary"
                                />
                                <span className="break-words">
                                  {line.name} <span className="font-normal text-muted-foreground">(optional)</span>
                                </span>
                              </label>
                            ) : (
                              <span className="font-medium break-words">{line.name}</span>
                            )}
                            {line.description ? (
                              <span className="text-muted-foreground break-words">{line.description}</span>
                            ) : null}
                            <span className="text-muted-foreground md:hidden print:hidden">
                              {quantity} × {money(line.unitPrice)}
                              {discount} · tax {formatRate(line.taxRate, locale)}
                            </span>
                          </div>
                        </div>
                      </td>
                      <td className="hidden py-3 pr-3 text-right whitespace-nowrap tabular-nums md:table-cell print:table-cell">
                        {quantity}
                      </td>
                      <td className="hidden py-3 pr-3 text-right whitespace-nowrap tabular-nums md:table-cell print:table-cell">
                        {money(line.unitPrice)}
                        {amount.discount ? (
                          <span className="block text-xs text-muted-foreground">less {money(amount.discount)}</span>
                        ) : null}
                      </td>
                      <td className="hidden py-3 pr-3 text-right whitespace-nowrap tabular-nums md:table-cell print:table-cell">
                        {formatRate(line.taxRate, locale)}
                      </td>
                      <td
                        className={`py-3 text-right whitespace-nowrap tabular-nums ${counted ? "font-medium" : "text-muted-foreground"}`}
                      >
                        {money(amount.taxable)}
                        {line.optional && !counted ? <span className="block text-xs">not included</span> : null}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
              <tfoot>
                <tr className="border-t">
                  <th scope="row" colSpan={1} className="py-2 pr-3 text-left font-medium md:hidden print:hidden">
                    {section.title} subtotal
                  </th>
                  <th
                    scope="row"
                    colSpan={4}
                    className="hidden py-2 pr-3 text-left font-medium md:table-cell print:table-cell"
                  >
                    {section.title} subtotal
                  </th>
                  <td className="py-2 text-right font-semibold whitespace-nowrap tabular-nums">
                    {money(subtotals.get(section.id)?.taxable ?? 0)}
                  </td>
                </tr>
              </tfoot>
            </table>
          </section>
        );
      })}
    </div>
  );
}
