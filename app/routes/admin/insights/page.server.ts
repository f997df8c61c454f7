// The loader of /admin/insights: staff, the period from the address (7, 30 or 90 days).
import { requireStaff } from "~/.server/auth/access";
import { getProposalInsights } from "~/domain/proposals/insights.server";
import { companyMoney } from "~/domain/proposals/proposals.server";
import { getInsights, type InsightPeriod } from "~/domain/views/insights.server";
import { insightsQuerySchema } from "~/domain/views/schema";

export async function loadInsights(request: Request) {
  await requireStaff(request);
  const query = insightsQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const period = Number(query.days) as InsightPeriod;
  const [insights, proposals, money] = await Promise.all([
    getInsights(period),
    getProposalInsights(period),
    companyMoney(),
  ]);
  return { insights, proposals, locale: money.locale };
}
