// Live updates for staff: a server-sent-events stream of what changes (see app/.server/live).
import type { Route } from "./+types/events";
import { openEventStream } from "./events.server";

export function loader({ request }: Route.LoaderArgs) {
  return openEventStream(request);
}
