import { requireStaff } from "~/.server/auth/access";
import { notificationsFor } from "~/domain/notifications/notifications.server";

/** The admin shell: who is signed in, and whether the sidebar was left open. */
export async function loadAdminShell(request: Request) {
  const user = await requireStaff(request);
  // Read on the server so the first paint already has the right width.
  const sidebarOpen = !/(?:^|;\s*)sidebar_state=false(?:;|$)/.test(request.headers.get("Cookie") ?? "");
  return {
    notifications: await notificationsFor(user.id),
    user: { id: user.id, email: user.email, name: user.name, role: user.role },
    sidebarOpen,
  };
}
