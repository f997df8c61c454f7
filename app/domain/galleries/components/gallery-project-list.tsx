// The gallery's projects in display order: drag (mouse, touch, keyboard) into
// a new order, or remove one. A new order shows at once while it is saved; if
// the save fails the stored order comes back (and the toast says so).
import { Building2, MapPin, X } from "lucide-react";
import { useFetcher } from "react-router";
import { DragHandle, SortableArea, SortableItem } from "~/components/sortable";
import { ResponsiveImage } from "~/domain/media/components/responsive-image";
import { cn } from "~/lib/utils";
import { Button } from "~/ui/button";
import type { GalleryProjectItem } from "../schema";

/** Items in the order of `ids` (a pending reorder); items missing from `ids` keep their place at the end. */
function arrange(items: readonly GalleryProjectItem[], ids: readonly string[] | null) {
  if (!ids) return items;
  const byId = new Map(items.map((item) => [item.projectId, item]));
  const placed = ids.flatMap((id) => byId.get(id) ?? []);
  const seen = new Set(placed.map((item) => item.projectId));
  return [...placed, ...items.filter((item) => !seen.has(item.projectId))];
}

function form(fields: Record<string, string | readonly string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string") data.append(name, value);
    else for (const item of value) data.append(name, item);
  }
  return data;
}

export function GalleryProjectList({
  galleryId,
  projects,
}: {
  galleryId: string;
  projects: readonly GalleryProjectItem[];
}) {
  const reorder = useFetcher({ key: `gallery-reorder-${galleryId}` });
  const pending = reorder.formData?.get("intent") === "reorder" ? reorder.formData.getAll("projectIds") : null;
  const shown = arrange(projects, pending?.filter((id): id is string => typeof id === "string") ?? null);
  const ids = shown.map((project) => project.projectId);

  return (
    <SortableArea
      ids={ids}
      layout="list"
      nameOf={(id) => shown.find((project) => project.projectId === id)?.title ?? "project"}
      onReorder={(next) =>
        void reorder.submit(form({ intent: "reorder", galleryId, projectIds: next }), { method: "post" })
      }
    >
      <ul aria-label="Projects in this gallery, in display order" className="grid gap-2">
        {shown.map((project, index) => (
          <GalleryProjectRow key={project.projectId} galleryId={galleryId} project={project} position={index + 1} />
        ))}
      </ul>
    </SortableArea>
  );
}

function GalleryProjectRow({
  galleryId,
  project,
  position,
}: {
  galleryId: string;
  project: GalleryProjectItem;
  position: number;
}) {
  const remove = useFetcher();
  const removing = remove.state !== "idle";
  return (
    <SortableItem id={project.projectId} aria-label={`${position}. ${project.title}`}>
      {(handle, dragging) => (
        <div
          data-removing={removing || undefined}
          className="flex items-center gap-2 rounded-lg border bg-card p-2 text-card-foreground shadow-xs data-[removing]:opacity-50 sm:gap-3"
        >
          <DragHandle label={`Reorder ${project.title}`} dragging={dragging} {...handle} />
          <span
            className="hidden w-5 shrink-0 text-center text-sm text-muted-foreground tabular-nums sm:block"
            aria-hidden="true"
          >
            {position}
          </span>
          <ResponsiveImage
            image={project.thumbnail}
            alt=""
            sizes="(min-width: 640px) 96px, 56px"
            className="aspect-[4/3] w-14 shrink-0 rounded-md sm:w-24"
          />
          <ClientLogo project={project} className="hidden size-10 sm:flex" />
          <div className="grid min-w-0 flex-1 gap-0.5">
            <p className="line-clamp-2 font-medium break-words" title={project.title}>
              {project.title}
            </p>
            <p className="flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground">
              <ClientLogo project={project} className="size-5 sm:hidden" />
              <span className="truncate">{project.clientName}</span>
            </p>
            {project.clientLocation ? (
              <p className="flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground">
                <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
                <span className="sr-only">Location: </span>
                <span className="truncate">{project.clientLocation}</span>
              </p>
            ) : null}
          </div>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            disabled={removing}
            aria-label={`Remove ${project.title} from this gallery`}
            title="Remove from this gallery"
            className="text-muted-foreground hover:text-destructive"
            onClick={() =>
              void remove.submit(form({ intent: "remove-project", galleryId, projectId: project.projectId }), {
                method: "post",
              })
            }
          >
            <X aria-hidden="true" />
          </Button>
        </div>
      )}
    </SortableItem>
  );
}

/** The client's logo in a white box (a building when it has none). */
function ClientLogo({ project, className }: { project: GalleryProjectItem; className: string }) {
  return (
    <span className={cn("shrink-0 items-center justify-center overflow-hidden rounded-md border bg-white", className)}>
      {project.clientLogo ? (
        <ResponsiveImage
          image={project.clientLogo}
          alt={`${project.clientName} logo`}
          sizes="40px"
          fit="contain"
          className="size-full bg-white"
        />
      ) : (
        <span
          role="img"
          aria-label={`${project.clientName} (no logo)`}
          className="flex size-full items-center justify-center"
        >
          <Building2 aria-hidden="true" className="size-3/5 text-muted-foreground" />
        </span>
      )}
    </span>
  );
}
