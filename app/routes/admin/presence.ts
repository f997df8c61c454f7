// An edit page says which record it has open (or none), for "Anna is also editing this".
import type { Route } from "./+types/presence";
import { presenceAction } from "./events.server";

export function action({ request }: Route.ActionArgs) {
  return presenceAction(request);
}
