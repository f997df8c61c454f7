import { requireStaff } from "~/.server/auth/access";
import { getDashboardCounts } from "~/domain/dashboard/dashboard.server";
import { followUpsDue } from "~/domain/inquiries/pipeline.server";
import { getViewsHeadline } from "~/domain/views/insights.server";

/** The dashboard: whom to greet, the counters and the inquiries' follow-ups due. */
export async function loadDashboard(request: Request) {
  const user = await requireStaff(request);
  const [counts, followUps, views] = await Promise.all([getDashboardCounts(), followUpsDue(), getViewsHeadline()]);
  return { name: user.name, counts, followUps, views };
}
