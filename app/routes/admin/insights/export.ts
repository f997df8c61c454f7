// GET /admin/insights/export?days=30&table=projects: one of the insights' tables as CSV (staff).
import { requireStaff } from "~/.server/auth/access";
import { csvResponse } from "~/.server/http/csv-response";
import { insightsCsv } from "~/domain/views/insights-csv.server";
import { getInsights, type InsightPeriod } from "~/domain/views/insights.server";
import { insightsQuerySchema } from "~/domain/views/schema";
import type { Route } from "./+types/export";

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const query = insightsQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const insights = await getInsights(Number(query.days) as InsightPeriod);
  const { columns, rows } = insightsCsv(query.table, insights);
  return csvResponse(
    `insights-${query.table}-${query.days}-days`,
    columns,
    (async function* () {
      yield* rows;
    })(),
  );
}
