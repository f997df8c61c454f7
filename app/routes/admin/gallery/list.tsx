import { Images, Plus } from "lucide-react";
import { useState } from "react";
import { EmptyStateAction } from "~/components/empty-state-action";
import { useListDelete } from "~/components/list-delete";
import { PageHeader } from "~/components/page-header";
import { GalleryDialog } from "~/domain/galleries/components/gallery-dialog";
import { GalleryList, projectCount } from "~/domain/galleries/components/gallery-list";
import type { GalleryRow } from "~/domain/galleries/schema";
import { Button } from "~/ui/button";
import type { Route } from "./+types/list";
import { galleryListAction, loadGalleryList } from "./list.server";

export const meta: Route.MetaFunction = () => [{ title: "Gallery Management · Playfolio Admin" }];

export function loader({ request }: Route.LoaderArgs) {
  return loadGalleryList(request);
}

export function action({ request }: Route.ActionArgs) {
  return galleryListAction(request);
}

export default function GalleryManagementPage({ loaderData }: Route.ComponentProps) {
  const [editing, setEditing] = useState<GalleryRow | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const remove = useListDelete<GalleryRow>({
    name: (gallery) => gallery.name,
    description: (gallery) => (
      <>
        Are you sure you want to delete this gallery? This action cannot be undone.
        {gallery.projectCount > 0 ? (
          <span className="mt-2 block">
            Its {projectCount(gallery.projectCount)} stay in the library; only the gallery and its order go.
          </span>
        ) : null}
      </>
    ),
  });
  const { galleries } = loaderData;

  function create() {
    setEditing(null);
    setDialogOpen(true);
  }

  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <PageHeader title="Gallery Management" description="Create and manage project galleries">
        <Button onClick={create}>
          <Plus aria-hidden="true" />
          New Gallery
        </Button>
      </PageHeader>
      {galleries.length === 0 ? (
        <EmptyStateAction
          icon={Images}
          action={
            <Button onClick={create}>
              <Plus aria-hidden="true" />
              Create Your First Gallery
            </Button>
          }
        >
          No galleries created yet
        </EmptyStateAction>
      ) : (
        <GalleryList
          galleries={galleries}
          onEdit={(gallery) => {
            setEditing(gallery);
            setDialogOpen(true);
          }}
          onDelete={remove.ask}
        />
      )}
      <GalleryDialog gallery={editing} open={dialogOpen} onOpenChange={setDialogOpen} />
      {remove.dialog}
    </div>
  );
}
