import { ArchiveRestore, Building, Tags, Users } from "lucide-react";
import { NavLink, Outlet } from "react-router";
import { cn } from "~/lib/utils";
import type { Route } from "./+types/layout";
import { loadSettingsShell } from "./layout.server";

export const meta: Route.MetaFunction = () => [{ title: "Settings · Playfolio Admin" }];

export function loader({ request }: Route.LoaderArgs) {
  return loadSettingsShell(request);
}

interface SettingsSection {
  to: string;
  title: string;
  description: string;
  icon: typeof Users;
  adminOnly?: boolean;
}

const SECTIONS: SettingsSection[] = [
  { to: "industry-types", title: "Industry Types", description: "Manage industry type options", icon: Tags },
  {
    to: "company",
    title: "Company",
    description: "Details shown on the public pages",
    icon: Building,
    adminOnly: true,
  },
  { to: "team", title: "Team", description: "Grant or revoke staff access", icon: Users, adminOnly: true },
  { to: "deleted", title: "Recently deleted", description: "Restore what was deleted", icon: ArchiveRestore },
];

export default function SettingsLayout({ loaderData }: Route.ComponentProps) {
  const sections = SECTIONS.filter((section) => !section.adminOnly || loaderData.isAdmin);
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Settings</h1>
        <p className="text-muted-foreground">Manage the lists and access the rest of the portal relies on.</p>
      </div>
      <div className="grid gap-6 md:grid-cols-[16rem_1fr]">
        <nav aria-label="Settings" className="grid content-start gap-1">
          {sections.map((section) => (
            <NavLink
              key={section.to}
              to={section.to}
              className={({ isActive }) =>
                cn(
                  "flex items-start gap-3 rounded-md px-3 py-2 text-sm transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
                  isActive && "bg-accent text-accent-foreground",
                )
              }
            >
              <section.icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span className="grid">
                <span className="font-medium">{section.title}</span>
                <span className="text-xs text-muted-foreground">{section.description}</span>
              </span>
            </NavLink>
          ))}
        </nav>
        <div className="min-w-0">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
