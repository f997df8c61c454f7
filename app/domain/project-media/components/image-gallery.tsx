// One image tab of Project Media: the uploader (many files at once, each with
// its progress), then the category's images in display order, to drag into a
// new order, caption, feature or delete.
import { ImagesIcon } from "lucide-react";
import { useFetcher, useRevalidator } from "react-router";
import { toast } from "sonner";
import { useListDelete } from "~/components/list-delete";
import { SortableArea } from "~/components/sortable";
import { Uploader } from "~/domain/media/components/uploader";
import { IMAGE_CATEGORY_LABELS, imageAlt, type ProjectImageCategory, type ProjectImageItem } from "../schema";
import { ImageCard, imageName } from "./image-card";
import { arrange, mediaActionUrl, mediaForm, pendingIds } from "./media-action";

export function ImageGallery({
  projectId,
  projectTitle,
  category,
  images,
}: {
  projectId: string;
  /** For the text alternative of images without a caption. */
  projectTitle: string;
  category: ProjectImageCategory;
  images: ProjectImageItem[];
}) {
  const revalidator = useRevalidator();
  const reorder = useFetcher({ key: `project-media-reorder-${projectId}-${category}` });
  const label = IMAGE_CATEGORY_LABELS[category];
  const remove = useListDelete<ProjectImageItem>({
    title: "Delete this image?",
    description: (image) =>
      image.caption
        ? `"${image.caption}" will be permanently deleted from ${label}. This cannot be undone.`
        : `This image will be permanently deleted from ${label}. This cannot be undone.`,
    action: mediaActionUrl(projectId),
    fields: (image) => ({ intent: "delete-image", imageId: image.id }),
  });
  // While a new order is posted, show it; if the post fails the stored order comes back.
  const shown = arrange(images, pendingIds(reorder.formData, "reorder-images"));
  const ids = shown.map((image) => image.id);

  function onReorder(next: string[]) {
    void reorder.submit(mediaForm("reorder-images", { category, ids: next }), {
      method: "post",
      action: mediaActionUrl(projectId),
    });
  }

  return (
    <div className="grid gap-4">
      <Uploader
        kind="project-image"
        multiple
        fields={{ projectId, category }}
        label={`Upload images to ${label}`}
        onUploaded={(_response, file) => {
          toast.success("Image uploaded successfully", { description: file.name });
          void revalidator.revalidate();
        }}
        onError={(message, file) => toast.error("Error uploading image", { description: `${file.name}: ${message}` })}
      />
      {shown.length === 0 ? (
        <div className="flex flex-col items-center gap-1 rounded-lg border border-dashed p-8 text-center">
          <ImagesIcon aria-hidden="true" className="mb-1 size-8 text-muted-foreground" />
          <p className="font-medium">No images in this gallery yet</p>
          <p className="text-sm text-muted-foreground">Upload images to get started</p>
        </div>
      ) : (
        <SortableArea
          ids={ids}
          onReorder={onReorder}
          nameOf={(id) => {
            const index = ids.indexOf(id);
            return index < 0 ? "image" : imageName(shown[index]!, index + 1);
          }}
        >
          <ul
            aria-label={`${label} images, in display order`}
            className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5"
          >
            {shown.map((image, index) => (
              <ImageCard
                key={image.id}
                projectId={projectId}
                image={image}
                position={index + 1}
                alt={imageAlt(image, projectTitle, category, index + 1)}
                onDelete={remove.ask}
              />
            ))}
          </ul>
        </SortableArea>
      )}
      {remove.dialog}
    </div>
  );
}
