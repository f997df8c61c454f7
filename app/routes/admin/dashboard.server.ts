import { requireStaff } from "~/.server/auth/access";
import { getDashboardCounts } from "~/domain/dashboard/dashboard.server";
import { followUpsDue } from "~/domain/inquiries/pipeline.server";

/** The dashboard: whom to greet, the counters and the inquiries' follow-ups due. */
export async function loadDashboard(request: Request) {
  const user = await requireStaff(request);
  const [counts, followUps] = await Promise.all([getDashboardCounts(), followUpsDue()]);
  return { name: user.name, counts, followUps };
}
