// The client's projects on the portal's first page: cover, title, status
// steps and installation date; each opens the project's portal page.
import { ResponsiveImage } from "~/domain/media/components/responsive-image";
import { longDate } from "~/lib/format";
import type { PortalProjectCard } from "../portal.server";
import { StatusTimeline } from "./status-timeline";

export function ProjectCards({ projects }: { projects: PortalProjectCard[] }) {
  if (projects.length === 0) {
    return (
      <p className="rounded-lg border bg-background p-6 text-muted-foreground">
        No projects yet. Your projects appear here as soon as we set them up.
      </p>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {projects.map((project, index) => (
        <li key={project.id} className="overflow-hidden rounded-xl border bg-background shadow-xs">
          {/* The whole page is a plain link: the project page is server-rendered with its own small script. */}
          <a
            href={`/portal/projects/${project.id}`}
            className="grid focus-visible:ring-4 focus-visible:ring-ring focus-visible:outline-none"
          >
            <ResponsiveImage
              image={project.cover}
              alt=""
              sizes="(min-width: 640px) 480px, 100vw"
              className="aspect-[16/9]"
              priority={index < 2}
            />
            <div className="grid gap-3 p-4">
              <h3 className="text-lg font-semibold underline-offset-4 hover:underline">{project.title}</h3>
              <StatusTimeline status={project.status} />
              <p className="text-sm">
                <span className="text-muted-foreground">Installation: </span>
                {longDate(project.endDate) ?? "date to be confirmed"}
              </p>
              <p className="text-xs text-muted-foreground">
                {project.photos} {project.photos === 1 ? "picture" : "pictures"} · {project.videos}{" "}
                {project.videos === 1 ? "video" : "videos"}
              </p>
            </div>
          </a>
        </li>
      ))}
    </ul>
  );
}
