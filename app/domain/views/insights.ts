// The insights' shapes and the few rules the page and the CSV share (the
// figures come from insights.server.ts).

/**
 * What one address (an IPv6 /64 as one) adds to a day's figures: a few views of each page, a
 * bounded number in all, and a few visitors (the user agents it shows): enough for a family, a
 * school or an office behind one address, while one machine's flood of forged browsers adds no
 * more. The counter (counter.server.ts) keeps them in its memory: each instance, and a restart,
 * grants them again.
 */
export const ADDRESS_DAY_LIMITS = { viewsPerPage: 20, views: 200, visitors: 20 };

export const INSIGHT_PERIODS = [7, 30, 90] as const;
export type InsightPeriod = (typeof INSIGHT_PERIODS)[number];

export interface DayFigures {
  day: string;
  views: number;
  visitors: number;
  inquiries: number;
}

export interface PageFigures {
  id: string;
  title: string;
  views: number;
  visitors: number;
  inquiries: number;
  /** A gallery's address in the admin. */
  slug?: string;
}

export interface Insights {
  period: InsightPeriod;
  from: string;
  to: string;
  days: DayFigures[];
  totals: { views: number; visitors: number; inquiries: number };
  projects: PageFigures[];
  galleries: PageFigures[];
  /** Embedding sites: views of their frames, and inquiries sent from them (decision 0066). */
  sites: { origin: string; views: number; inquiries: number }[];
  sources: { source: string; inquiries: number }[];
}

/** Inquiries per view, as a percentage with one decimal; null without views. */
export function conversion(inquiries: number, views: number): number | null {
  return views > 0 ? Math.round((inquiries / views) * 1000) / 10 : null;
}
