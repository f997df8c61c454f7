import { ArrowLeft, Images, Plus } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { EmptyStateAction } from "~/components/empty-state-action";
import { AddProjectsDialog } from "~/domain/galleries/components/add-projects-dialog";
import { GalleryEmbedPopover } from "~/domain/galleries/components/gallery-embed-popover";
import { GalleryProjectList } from "~/domain/galleries/components/gallery-project-list";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import type { Route } from "./+types/detail";
import { galleryDetailAction, loadGalleryDetail } from "./detail.server";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.gallery.name ?? "Gallery"} · Gallery Management · Playfolio Admin` },
];

export function loader({ request, params }: Route.LoaderArgs) {
  return loadGalleryDetail(request, params.slug);
}

export function action({ request }: Route.ActionArgs) {
  return galleryDetailAction(request);
}

export default function GalleryDetailPage({ loaderData }: Route.ComponentProps) {
  const { gallery, projects, embed } = loaderData;
  const [adding, setAdding] = useState(false);
  const addButton = (label: string) => (
    <Button onClick={() => setAdding(true)}>
      <Plus aria-hidden="true" />
      {label}
    </Button>
  );

  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <div className="flex flex-wrap items-start gap-x-3 gap-y-4">
        <Button asChild variant="ghost" size="icon" className="shrink-0">
          <Link to="/admin/gallery" aria-label="Back to Gallery Management">
            <ArrowLeft aria-hidden="true" />
          </Link>
        </Button>
        <div className="min-w-0 flex-1 basis-60">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-bold tracking-tight break-words">{gallery.name}</h1>
            <Badge variant={gallery.isPublished ? "success" : "secondary"}>
              {gallery.isPublished ? "Published" : "Draft"}
            </Badge>
          </div>
          <p className="text-muted-foreground">Manage projects in this gallery</p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <GalleryEmbedPopover
            slug={gallery.slug}
            name={gallery.name}
            published={gallery.isPublished}
            origin={embed.origin}
            localOnly={embed.localOnly}
          />
          {addButton("Add Projects")}
        </div>
      </div>
      {projects.length === 0 ? (
        <EmptyStateAction icon={Images} action={addButton("Add Your First Project")}>
          No projects in this gallery yet
        </EmptyStateAction>
      ) : (
        <GalleryProjectList key={gallery.id} galleryId={gallery.id} projects={projects} />
      )}
      <AddProjectsDialog
        galleryId={gallery.id}
        slug={gallery.slug}
        name={gallery.name}
        open={adding}
        onOpenChange={setAdding}
      />
    </div>
  );
}
