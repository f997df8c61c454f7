// Staff notifications: the top bar's menu reads them here when the live stream
// says an inquiry or a contract event came, and marks them read when opened.
import type { Route } from "./+types/notifications";
import { loadNotifications, notificationsAction } from "./notifications.server";

export function loader({ request }: Route.LoaderArgs) {
  return loadNotifications(request);
}

export function action({ request }: Route.ActionArgs) {
  return notificationsAction(request);
}
