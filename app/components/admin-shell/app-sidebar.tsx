import { Link, useLocation } from "react-router";
import {
  Sidebar,
  SidebarContent,
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarRail,
  useSidebar,
} from "~/ui/sidebar";
import { Logo } from "~/ui/logo";
import { NAV_ITEMS } from "~/route-declarations";

export const ADMIN_NAME = "Playfolio Admin";

function isActive(pathname: string, to: string, end?: boolean) {
  return end ? pathname === to : pathname === to || pathname.startsWith(`${to}/`);
}

export function AppSidebar() {
  const { pathname } = useLocation();
  // On a phone the sidebar is a drawer over the page: choosing a page closes it.
  const { setOpenMobile } = useSidebar();
  const chosen = () => setOpenMobile(false);
  return (
    <Sidebar collapsible="icon">
      <SidebarHeader>
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton asChild size="lg" tooltip={ADMIN_NAME}>
              <Link to="/admin" onClick={chosen}>
                <Logo className="size-8" />
                <span className="font-semibold">Playfolio</span>
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarHeader>
      <SidebarContent>
        <SidebarGroup>
          <SidebarGroupLabel>{ADMIN_NAME}</SidebarGroupLabel>
          <SidebarGroupContent>
            <nav aria-label="Admin">
              <SidebarMenu>
                {NAV_ITEMS.map((item) => {
                  const active = isActive(pathname, item.to, item.end);
                  return (
                    <SidebarMenuItem key={item.to}>
                      <SidebarMenuButton asChild isActive={active} tooltip={item.title}>
                        <Link to={item.to} aria-current={active ? "page" : undefined} onClick={chosen}>
                          <item.icon aria-hidden="true" />
                          <span>{item.title}</span>
                        </Link>
                      </SidebarMenuButton>
                    </SidebarMenuItem>
                  );
                })}
              </SidebarMenu>
            </nav>
          </SidebarGroupContent>
        </SidebarGroup>
      </SidebarContent>
      <SidebarRail />
    </Sidebar>
  );
}
