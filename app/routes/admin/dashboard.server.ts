import { requireStaff } from "~/.server/auth/access";
import { getDashboardCounts } from "~/domain/dashboard/dashboard.server";

/** The dashboard: whom to greet and the counters. */
export async function loadDashboard(request: Request) {
  const user = await requireStaff(request);
  return { name: user.name, counts: await getDashboardCounts() };
}
