import {
  Building2,
  ChartLine,
  FileSignature,
  FolderKanban,
  ImagePlus,
  Images,
  Inbox,
  Plus,
  Puzzle,
  UserPlus,
} from "lucide-react";
import { Link } from "react-router";
import { FollowUpsDue } from "~/domain/inquiries/components/follow-ups-due";
import { conversion } from "~/domain/views/insights";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/ui/card";
import type { Route } from "./+types/dashboard";
import { loadDashboard } from "./dashboard.server";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard · Playfolio Admin" }];

export function loader({ request }: Route.LoaderArgs) {
  return loadDashboard(request);
}

const QUICK_ACTIONS = [
  { title: "Add New Client", to: "/admin/clients/new", icon: UserPlus },
  { title: "Create Project", to: "/admin/projects/new", icon: Plus },
  { title: "Upload Images", to: "/admin/projects", icon: ImagePlus },
  { title: "Manage Options", to: "/admin/options", icon: Puzzle },
];

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { counts, views } = loaderData;
  const cards = [
    { title: "Total Clients", value: counts.clients, icon: Building2, note: null },
    {
      title: "Active Projects",
      value: counts.activeProjects,
      icon: FolderKanban,
      note: `${counts.projects} ${counts.projects === 1 ? "project" : "projects"} in total`,
    },
    {
      title: "Contracts",
      value: counts.contracts,
      icon: FileSignature,
      note: `${counts.awaitingSignature.toLocaleString("en-US")} awaiting signature`,
    },
    { title: "Gallery Images", value: counts.galleryImages, icon: Images, note: null },
    {
      title: "New Inquiries",
      value: counts.newInquiries,
      icon: Inbox,
      note: (
        <Link to="/admin/inquiries?status=new" className="underline">
          Follow them up
        </Link>
      ),
    },
    {
      // Public page views (issue 31): the headline of /admin/insights.
      title: "Views, last 30 days",
      value: views.views,
      icon: ChartLine,
      note: (
        <Link to="/admin/insights" className="underline">
          {views.visitors.toLocaleString("en-US")} visitors · {conversion(views.inquiries, views.views) ?? 0}% to
          inquiry
        </Link>
      ),
    },
  ];
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Welcome back, {loaderData.name}</h1>
        <p className="text-muted-foreground">Here is an overview of your clients, projects and galleries.</p>
      </div>
      {/* Two to a row even on a phone: five cards one under the other filled three screens. */}
      <section aria-label="Totals" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
        {cards.map((card) => (
          <Card key={card.title}>
            <CardHeader className="flex flex-row items-center justify-between gap-2 pb-2">
              <CardTitle asChild className="text-sm font-medium">
                <h2>{card.title}</h2>
              </CardTitle>
              <card.icon className="size-4 text-muted-foreground" aria-hidden="true" />
            </CardHeader>
            <CardContent>
              <p className="text-3xl font-bold" data-testid={`count-${card.title}`}>
                {card.value.toLocaleString("en-US")}
              </p>
              {card.note ? <p className="text-xs text-muted-foreground">{card.note}</p> : null}
            </CardContent>
          </Card>
        ))}
      </section>
      <FollowUpsDue due={loaderData.followUps} />
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Quick Actions</h2>
          </CardTitle>
          <CardDescription>Jump straight to the things you do most.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {QUICK_ACTIONS.map((action) => (
            <Link
              key={action.title}
              to={action.to}
              className="flex flex-col items-center gap-2 rounded-lg border p-4 text-center text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <action.icon className="size-6 text-primary" aria-hidden="true" />
              {action.title}
            </Link>
          ))}
        </CardContent>
      </Card>
    </div>
  );
}
