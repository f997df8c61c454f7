// POST /admin/history: the History panels' and activity list's buttons (history.server.ts).
import type { Route } from "./+types/history";
import { historyAction } from "./history.server";

export function action({ request }: Route.ActionArgs) {
  return historyAction(request);
}
