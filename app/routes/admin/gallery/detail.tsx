import { AlsoEditing } from "~/components/also-editing";
import { Images, Plus } from "lucide-react";
import { useState } from "react";
import { EmptyStateAction } from "~/components/empty-state-action";
import { PageHeader } from "~/components/page-header";
import { AddProjectsDialog } from "~/domain/galleries/components/add-projects-dialog";
import { GalleryEmbedPopover } from "~/domain/galleries/components/gallery-embed-popover";
import { ShareLinkDialog } from "~/domain/share-links/components/share-link-dialog";
import { HistoryPanel } from "~/domain/history/components/history-panel";
import { recordPageReads } from "~/routes/shared/record-page.server";
import { GalleryProjectList } from "~/domain/galleries/components/gallery-project-list";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import type { Route } from "./+types/detail";
import { galleryDetailAction, loadGalleryDetail } from "./detail.server";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.gallery.name ?? "Gallery"} · Gallery Management · Playfolio Admin` },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const loaded = await loadGalleryDetail(request, params.slug);
  return { ...loaded, ...(await recordPageReads("gallery", loaded.gallery.id)) };
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
      <AlsoEditing presence={loaderData.presence} noun="gallery" />
      <PageHeader
        title={gallery.name}
        description="Manage projects in this gallery"
        back={{ to: "/admin/gallery", label: "Back to Gallery Management" }}
        badge={
          <Badge variant={gallery.isPublished ? "success" : "secondary"}>
            {gallery.isPublished ? "Published" : "Draft"}
          </Badge>
        }
      >
        <GalleryEmbedPopover
          slug={gallery.slug}
          name={gallery.name}
          published={gallery.isPublished}
          origin={embed.origin}
          localOnly={embed.localOnly}
        />
        <ShareLinkDialog target={{ galleryId: gallery.id }} name={gallery.name} />
        {addButton("Add Projects")}
      </PageHeader>
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
      <HistoryPanel entries={loaderData.history} />
    </div>
  );
}
