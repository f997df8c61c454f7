// Two versions compared (compare.ts's answer): the totals of each and the
// difference, then the lines added, removed and changed (each changed field
// before → after) and the sections that came, went or were renamed.
import type { FieldChange, VersionComparison } from "../compare";
import { formatMoney, formatQuantity, formatRate, type MoneyFormat } from "../money";
import type { ProposalLine } from "../proposal-document";
import { lineAmounts, type Discount } from "../totals";
import { TitledCard } from "./titled-card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";

interface Side {
  number: number;
  sent: boolean;
  money: MoneyFormat;
}

const FIELD_LABELS: Record<FieldChange["field"], string> = {
  name: "Name",
  description: "Description",
  unit: "Unit",
  quantity: "Quantity",
  unitPrice: "Unit price",
  discount: "Discount",
  taxRate: "Tax rate",
  optional: "Optional",
  sectionId: "Section",
};

export function VersionComparisonView({
  from,
  to,
  sectionTitles,
  comparison,
}: {
  from: Side;
  to: Side;
  sectionTitles: Record<string, string>;
  comparison: VersionComparison;
}) {
  const { added, removed, changed, sections, totals, reordered } = comparison;
  const money = to.money;
  const discount = (value: Discount | null) =>
    !value
      ? "None"
      : value.kind === "percent"
        ? formatRate(value.rate, money.locale)
        : formatMoney(value.amount, money);
  const shown = (change: FieldChange): [string, string] => {
    switch (change.field) {
      case "quantity":
        return [formatQuantity(change.before, money.locale), formatQuantity(change.after, money.locale)];
      case "unitPrice":
        return [formatMoney(change.before, from.money), formatMoney(change.after, money)];
      case "taxRate":
        return [formatRate(change.before, money.locale), formatRate(change.after, money.locale)];
      case "discount":
        return [discount(change.before), discount(change.after)];
      case "optional":
        return [change.before ? "Yes" : "No", change.after ? "Yes" : "No"];
      case "sectionId":
        return [sectionTitles[change.before] ?? change.before, sectionTitles[change.after] ?? change.after];
      default:
        return [change.before ?? "—", change.after ?? "—"];
    }
  };
  const rows: [string, number, number][] = [
    ["Before tax", totals.before.base.taxable, totals.after.base.taxable],
    ["Tax", totals.before.base.tax, totals.after.base.tax],
    ["Total", totals.before.base.gross, totals.after.base.gross],
    ["Total with every option", totals.before.withOptional.gross, totals.after.withOptional.gross],
  ];
  const same =
    !added.length &&
    !removed.length &&
    !changed.length &&
    !reordered &&
    !sections.added.length &&
    !sections.removed.length &&
    !sections.renamed.length;
  return (
    <div className="grid gap-6">
      <TitledCard id="totals" title="Totals" className="overflow-x-auto">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>
                <span className="sr-only">Amount</span>
              </TableHead>
              <TableHead className="text-right">v{from.number} (before)</TableHead>
              <TableHead className="text-right">v{to.number} (after)</TableHead>
              <TableHead className="text-right">Difference</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map(([label, before, after]) => (
              <TableRow key={label}>
                <TableHead scope="row">{label}</TableHead>
                <TableCell className="text-right tabular-nums">{formatMoney(before, from.money)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatMoney(after, money)}</TableCell>
                <TableCell className="text-right tabular-nums">
                  {after === before
                    ? "—"
                    : `${after > before ? "+" : "−"}${formatMoney(Math.abs(after - before), money)}`}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TitledCard>
      {same ? <p className="text-muted-foreground">The two versions have the same sections and lines.</p> : null}
      {added.length ? (
        <LineTable
          title={`Lines added (${added.length})`}
          id="added"
          lines={added}
          money={money}
          sectionTitles={sectionTitles}
        />
      ) : null}
      {removed.length ? (
        <LineTable
          title={`Lines removed (${removed.length})`}
          id="removed"
          lines={removed}
          money={from.money}
          sectionTitles={sectionTitles}
        />
      ) : null}
      {changed.length ? (
        <TitledCard id="changed" title={`Lines changed (${changed.length})`} className="grid gap-4">
          {changed.map((line) => (
            <section key={line.id} aria-label={line.after.name} className="rounded-md border p-3">
              <h3 className="font-medium">{line.after.name}</h3>
              <ul className="mt-2 grid gap-1 text-sm">
                {line.changes.map((change) => {
                  const [before, after] = shown(change);
                  return (
                    <li key={change.field}>
                      <span className="text-muted-foreground">{FIELD_LABELS[change.field]}:</span>{" "}
                      <del className="text-muted-foreground">{before}</del> →{" "}
                      <ins className="no-underline">{after}</ins>
                    </li>
                  );
                })}
                <li>
                  <span className="text-muted-foreground">Amount before tax:</span>{" "}
                  {formatMoney(line.taxable.before, from.money)} → {formatMoney(line.taxable.after, money)}
                </li>
              </ul>
            </section>
          ))}
        </TitledCard>
      ) : null}
      {sections.added.length || sections.removed.length || sections.renamed.length || reordered ? (
        <TitledCard id="sections" title="Sections and order">
          <ul className="grid gap-1 text-sm">
            {sections.added.map((section) => (
              <li key={`added-${section.id}`}>Section added: {section.title}</li>
            ))}
            {sections.removed.map((section) => (
              <li key={`removed-${section.id}`}>Section removed: {section.title}</li>
            ))}
            {sections.renamed.map((section) => (
              <li key={`renamed-${section.id}`}>
                Section renamed: {section.before} → {section.after}
              </li>
            ))}
            {reordered ? <li>Lines were moved or reordered.</li> : null}
          </ul>
        </TitledCard>
      ) : null}
    </div>
  );
}

function LineTable({
  title,
  id,
  lines,
  money,
  sectionTitles,
}: {
  title: string;
  id: string;
  lines: ProposalLine[];
  money: MoneyFormat;
  sectionTitles: Record<string, string>;
}) {
  return (
    <TitledCard id={id} title={title} className="overflow-x-auto">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Line</TableHead>
            <TableHead>Section</TableHead>
            <TableHead className="text-right">Quantity</TableHead>
            <TableHead className="text-right">Unit price</TableHead>
            <TableHead className="text-right">Amount before tax</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {lines.map((line) => (
            <TableRow key={line.id}>
              <TableCell className="font-medium">
                {line.name}
                {line.optional ? <span className="ml-1 text-xs text-muted-foreground">(optional)</span> : null}
              </TableCell>
              <TableCell>{sectionTitles[line.sectionId] ?? "—"}</TableCell>
              <TableCell className="text-right tabular-nums">
                {formatQuantity(line.quantity, money.locale)}
                {line.unit ? ` ${line.unit}` : ""}
              </TableCell>
              <TableCell className="text-right tabular-nums">{formatMoney(line.unitPrice, money)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatMoney(lineAmounts(line).taxable, money)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TitledCard>
  );
}
