// Add Projects: a searchable grid of the projects not yet in the gallery
// (loaded when the dialog opens), picked with checkboxes; they are added in
// the order they were picked, after the gallery's current projects.
import { Search } from "lucide-react";
import { type FormEvent, useEffect, useId, useMemo, useState } from "react";
import { useFetcher } from "react-router";
import type { ActionResult } from "~/lib/action-result";
import { toast } from "sonner";
import { useCloseOnSuccess } from "~/components/use-close-on-success";
import { ResponsiveImage } from "~/domain/media/components/responsive-image";
import { Button } from "~/ui/button";
import { Checkbox } from "~/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/ui/dialog";
import { Input } from "~/ui/input";
import { Spinner } from "~/ui/spinner";
import { GALLERY_MESSAGES, type ProjectChoice } from "../schema";

export function AddProjectsDialog({
  galleryId,
  slug,
  name,
  open,
  onOpenChange,
}: {
  galleryId: string;
  slug: string;
  name: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const fetcher = useFetcher<ActionResult>({ key: `gallery-add-${galleryId}` });
  useCloseOnSuccess(fetcher, () => onOpenChange(false));
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Add Projects</DialogTitle>
          <DialogDescription>
            Pick the projects to add to &ldquo;{name}&rdquo;. They go after its current projects, in the order you pick
            them.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted while open: each opening loads the projects afresh and starts with none picked. */}
        <ProjectPicker galleryId={galleryId} slug={slug} onCancel={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function ProjectPicker({ galleryId, slug, onCancel }: { galleryId: string; slug: string; onCancel(): void }) {
  const choices = useFetcher<{ available: ProjectChoice[] | null }>();
  const adding = useFetcher<ActionResult>({ key: `gallery-add-${galleryId}` });
  const [query, setQuery] = useState("");
  const [selected, setSelected] = useState<string[]>([]);
  const searchId = useId();
  const busy = adding.state !== "idle";

  const load = choices.load;
  useEffect(() => {
    void load(`/admin/gallery/${slug}?available`);
  }, [load, slug]);

  const available = choices.data?.available ?? null;
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q ? (available ?? []).filter((project) => project.title.toLowerCase().includes(q)) : (available ?? []);
  }, [available, query]);

  function toggle(id: string, on: boolean) {
    setSelected((current) => (on ? [...current.filter((x) => x !== id), id] : current.filter((x) => x !== id)));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (selected.length === 0) {
      toast.error(GALLERY_MESSAGES.noneSelected, { description: GALLERY_MESSAGES.noneSelectedDescription });
      return;
    }
    const data = new FormData();
    data.append("intent", "add-projects");
    data.append("galleryId", galleryId);
    for (const id of selected) data.append("projectIds", id);
    void adding.submit(data, { method: "post" });
  }

  return (
    <form onSubmit={submit} className="grid gap-4">
      {available === null ? (
        <div className="flex justify-center p-8 text-muted-foreground">
          <Spinner label="Loading projects..." showLabel />
        </div>
      ) : available.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
          All projects have been added to this gallery
        </p>
      ) : (
        <>
          <div className="relative">
            <label htmlFor={searchId} className="sr-only">
              Search projects
            </label>
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              id={searchId}
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder="Search projects..."
              autoComplete="off"
              className="pl-8"
            />
          </div>
          <div className="-mx-1 max-h-[min(55dvh,34rem)] overflow-y-auto px-1 py-1">
            {shown.length === 0 ? (
              <p className="p-6 text-center text-muted-foreground">No projects match &ldquo;{query.trim()}&rdquo;.</p>
            ) : (
              <ul
                aria-label="Projects not in this gallery"
                className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4"
              >
                {shown.map((project) => (
                  <ChoiceCard
                    key={project.id}
                    project={project}
                    order={selected.indexOf(project.id) + 1}
                    onToggle={(on) => toggle(project.id, on)}
                  />
                ))}
              </ul>
            )}
          </div>
        </>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy || available === null || available.length === 0}>
          {busy ? "Adding..." : `Add ${selected.length} Project(s)`}
        </Button>
      </DialogFooter>
    </form>
  );
}

function ChoiceCard({
  project,
  order,
  onToggle,
}: {
  project: ProjectChoice;
  /** 1-based place among the picked projects, 0 when not picked. */
  order: number;
  onToggle(on: boolean): void;
}) {
  const id = useId();
  const checked = order > 0;
  return (
    <li>
      <div
        data-checked={checked || undefined}
        className="relative flex h-full flex-col overflow-hidden rounded-lg border bg-card transition-shadow data-[checked]:border-primary data-[checked]:ring-2 data-[checked]:ring-primary/40"
      >
        <ResponsiveImage
          image={project.thumbnail}
          alt=""
          sizes="(min-width: 768px) 180px, (min-width: 640px) 240px, 45vw"
          className="aspect-[4/3]"
        />
        {checked ? (
          <span
            aria-hidden="true"
            className="absolute top-2 right-2 flex size-6 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground shadow"
          >
            {order}
          </span>
        ) : null}
        <div className="flex items-start gap-2 p-2">
          <Checkbox
            id={id}
            checked={checked}
            onCheckedChange={(value) => onToggle(value === true)}
            className="relative z-10 mt-0.5"
          />
          <label htmlFor={id} className="grid min-w-0 cursor-pointer gap-0.5 text-sm after:absolute after:inset-0">
            <span className="line-clamp-2 font-medium break-words">{project.title}</span>
            <span className="truncate text-xs text-muted-foreground">{project.clientName}</span>
          </label>
        </div>
      </div>
    </li>
  );
}
