// Dates and numbers as the spec shows them. Dates arrive as "YYYY-MM-DD"
// strings (SQL `date`): they are read as calendar dates, never shifted by a
// time zone.
import { format } from "date-fns";

function calendarDate(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return null;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

function formatDate(value: string | null | undefined, pattern: string): string | null {
  const date = value ? calendarDate(value) : null;
  return date ? format(date, pattern) : null;
}

/** "March 07, 2025": project pages. */
export const longDate = (value: string | null | undefined) => formatDate(value, "MMMM dd, yyyy");
/** "March 2025": galleries. */
export const monthYear = (value: string | null | undefined) => formatDate(value, "MMMM yyyy");
/** "Mar 2025": the library. */
export const shortMonthYear = (value: string | null | undefined) => formatDate(value, "MMM yyyy");
/** "3/7/2025": admin lists (en-US numeric). */
export const numericDate = (value: string | null | undefined) => formatDate(value, "M/d/yyyy");

/** "Mar 7, 2025, 14:05": when something happened (histories, timelines), in the server's time zone. */
export const dateTime = (date: Date) => format(date, "MMM d, yyyy, HH:mm");

/** The noun for a count: the singular for 1, else the plural ("images", or the one given: "galleries"). */
export const nounFor = (count: number, one: string, many = `${one}s`) => (count === 1 ? one : many);
/** "1 image", "2 images", "1,200 galleries": a count with its noun. */
export const plural = (count: number, one: string, many?: string) =>
  `${count.toLocaleString("en-US")} ${nounFor(count, one, many)}`;

// One formatter for the process: building an Intl formatter per call is slow.
const decimals = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

/** A numeric column's text ("20.50") as people write it ("20.5"); null stays null. */
export function decimal(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined || value === "") return null;
  const number = Number(value);
  return Number.isFinite(number) ? decimals.format(number) : null;
}
