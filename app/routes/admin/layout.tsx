import { Outlet } from "react-router";
import { requireStaff } from "~/.server/auth/access";
import { staffOnly } from "~/.server/auth/middleware";
import { AppSidebar } from "~/components/admin-shell/app-sidebar";
import { TopBar } from "~/components/admin-shell/top-bar";
import { SidebarInset, SidebarProvider } from "~/ui/sidebar";
import type { Route } from "./+types/layout";

export const middleware: Route.MiddlewareFunction[] = [staffOnly];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request);
  // Read on the server so the first paint already has the right width.
  const sidebarOpen = !/(?:^|;\s*)sidebar_state=false(?:;|$)/.test(request.headers.get("Cookie") ?? "");
  return { user: { email: user.email, name: user.name, role: user.role }, sidebarOpen };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <SidebarProvider defaultOpen={loaderData.sidebarOpen}>
      <AppSidebar />
      <SidebarInset>
        <TopBar email={loaderData.user.email} />
        <main id="main" className="flex-1 p-4 md:p-6">
          <Outlet />
        </main>
      </SidebarInset>
    </SidebarProvider>
  );
}
