import {
  Building2,
  Contact,
  FileSignature,
  FolderKanban,
  Images,
  Inbox,
  LayoutDashboard,
  Library,
  ChartLine,
  type LucideIcon,
  Puzzle,
  Settings,
} from "lucide-react";

export interface NavItem {
  title: string;
  to: string;
  icon: LucideIcon;
  /** Active only on this exact path (the dashboard), not on its children. */
  end?: boolean;
}

// The spec's order.
export const NAV_ITEMS: NavItem[] = [
  { title: "Project Library", to: "/", icon: Library, end: true },
  { title: "Dashboard", to: "/admin", icon: LayoutDashboard, end: true },
  { title: "Clients", to: "/admin/clients", icon: Building2 },
  { title: "Contacts", to: "/admin/contacts", icon: Contact },
  { title: "Projects", to: "/admin/projects", icon: FolderKanban },
  { title: "Playground Options", to: "/admin/options", icon: Puzzle },
  { title: "Gallery", to: "/admin/gallery", icon: Images },
  { title: "Contracts", to: "/admin/contracts", icon: FileSignature },
  { title: "Inquiries", to: "/admin/inquiries", icon: Inbox },
  { title: "Insights", to: "/admin/insights", icon: ChartLine },
  { title: "Settings", to: "/admin/settings", icon: Settings },
];
