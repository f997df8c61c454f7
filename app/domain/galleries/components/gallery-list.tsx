// Gallery Management's rows: name, Published/Draft, project count, and the
// row's actions (Manage Projects, the publish switch, edit, delete).
import { Pencil, Trash2 } from "lucide-react";
import { Link, useFetcher } from "react-router";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Switch } from "~/ui/switch";
import { galleryPath } from "../embed";
import type { GalleryRow } from "../schema";

export const projectCount = (n: number) => `${n} ${n === 1 ? "project" : "projects"}`;

export function GalleryList({
  galleries,
  onEdit,
  onDelete,
}: {
  galleries: GalleryRow[];
  onEdit(gallery: GalleryRow): void;
  onDelete(gallery: GalleryRow): void;
}) {
  return (
    <ul aria-label="Galleries" className="grid gap-3">
      {galleries.map((gallery) => (
        <GalleryListItem key={gallery.id} gallery={gallery} onEdit={onEdit} onDelete={onDelete} />
      ))}
    </ul>
  );
}

function GalleryListItem({
  gallery,
  onEdit,
  onDelete,
}: {
  gallery: GalleryRow;
  onEdit(gallery: GalleryRow): void;
  onDelete(gallery: GalleryRow): void;
}) {
  const publish = useFetcher({ key: `gallery-publish-${gallery.id}` });
  // While the switch's change is on its way, show where it is going.
  const pending = publish.formData?.get("published");
  const published = typeof pending === "string" ? pending === "true" : gallery.isPublished;

  return (
    <li
      aria-label={gallery.name}
      className="flex flex-wrap items-center gap-x-4 gap-y-3 rounded-lg border bg-card p-4 text-card-foreground shadow-xs"
    >
      <div className="grid min-w-0 flex-1 basis-64 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-semibold break-words">{gallery.name}</h2>
          <Badge variant={published ? "success" : "secondary"}>{published ? "Published" : "Draft"}</Badge>
        </div>
        <p className="text-sm text-muted-foreground">
          <span className="font-mono break-all">{galleryPath(gallery.slug)}</span>
          <span aria-hidden="true"> · </span>
          <span className="whitespace-nowrap">{projectCount(gallery.projectCount)}</span>
        </p>
        {gallery.description ? (
          <p className="line-clamp-2 text-sm text-muted-foreground">{gallery.description}</p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button asChild variant="outline" size="sm">
          <Link to={`/admin/gallery/${gallery.slug}`}>
            Manage Projects<span className="sr-only"> of {gallery.name}</span>
          </Link>
        </Button>
        <div className="flex items-center gap-2 px-1" title={published ? "Unpublish" : "Publish"}>
          <Switch
            checked={published}
            aria-label={`Publish ${gallery.name}`}
            onCheckedChange={(checked) =>
              void publish.submit(
                { intent: "publish", id: gallery.id, published: String(checked) },
                { method: "post", action: "/admin/gallery" },
              )
            }
          />
        </div>
        <Button variant="ghost" size="icon" onClick={() => onEdit(gallery)} aria-label={`Edit ${gallery.name}`}>
          <Pencil aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          onClick={() => onDelete(gallery)}
          aria-label={`Delete ${gallery.name}`}
          className="text-muted-foreground hover:text-destructive"
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}
