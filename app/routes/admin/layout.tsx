import { Outlet } from "react-router";
import { staffOnly } from "~/.server/auth/middleware";
import { AppSidebar } from "~/components/admin-shell/app-sidebar";
import { LiveUpdates } from "~/components/admin-shell/live-updates";
import { TopBar } from "~/components/admin-shell/top-bar";
import { NotificationsMenu } from "~/domain/notifications/components/notifications-menu";
import { SidebarInset, SidebarProvider } from "~/ui/sidebar";
import type { Route } from "./+types/layout";
import { liveFrom, loadAdminShell } from "./layout.server";

export const middleware: Route.MiddlewareFunction[] = [staffOnly, liveFrom];

export function loader({ request, context }: Route.LoaderArgs) {
  return loadAdminShell(request, context);
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <LiveUpdates me={loaderData.user.id} from={loaderData.liveFrom}>
      <SidebarProvider defaultOpen={loaderData.sidebarOpen}>
        <AppSidebar />
        <SidebarInset>
          <TopBar
            email={loaderData.user.email}
            notifications={<NotificationsMenu initial={loaderData.notifications} />}
          />
          <main id="main" className="flex-1 p-4 md:p-6">
            <Outlet />
          </main>
        </SidebarInset>
      </SidebarProvider>
    </LiveUpdates>
  );
}
