// The insights' address: the period (?days=7|30|90) and, for the CSV export,
// which table (?table=…). Anything else falls back to the defaults.
import { z } from "zod";

export const INSIGHT_TABLES = ["days", "projects", "galleries", "sites", "sources"] as const;
export type InsightTable = (typeof INSIGHT_TABLES)[number];

export const insightsQuerySchema = z.object({
  days: z.enum(["7", "30", "90"]).catch("30"),
  table: z.enum(INSIGHT_TABLES).catch("days"),
});
