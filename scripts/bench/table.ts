export interface Row {
  measure: string;
  value: string;
  budget?: string;
  ok?: boolean;
}

export function printTable(rows: Row[]): void {
  const headers = ["measure", "value", "budget", ""];
  const cells = rows.map((r) => [r.measure, r.value, r.budget ?? "", r.ok === undefined ? "" : r.ok ? "ok" : "OVER"]);
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (values: string[]) =>
    values
      .map((v, i) => v.padEnd(widths[i]!))
      .join("  ")
      .trimEnd();
  console.log(`\n${line(headers)}\n${widths.map((w) => "-".repeat(w)).join("  ")}`);
  for (const c of cells) console.log(line(c));
}

export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
