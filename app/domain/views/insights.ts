// The insights' shapes and the few rules the page and the CSV share (the
// figures come from insights.server.ts).
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
