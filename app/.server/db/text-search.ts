import { type Column, ilike, or, type SQL } from "drizzle-orm";

/** `tower_1` → `%tower\_1%`: a LIKE pattern for "contains", the typed text taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Rows where any of `columns` contains `text` (case-insensitive); undefined for no text (no filter). */
export function containsText(text: string | undefined, columns: (Column | SQL)[]): SQL | undefined {
  if (!text) return undefined;
  const pattern = containsPattern(text);
  return or(...columns.map((column) => ilike(column, pattern)));
}
