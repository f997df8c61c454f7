// One image of a gallery tab: thumbnail, drag handle, featured toggle, delete,
// its caption and its alt text (the caption when left empty), each saved when
// its field is left or on Enter.
import { StarIcon, Trash2Icon } from "lucide-react";
import { useId, type KeyboardEvent } from "react";
import { useFetcher } from "react-router";
import type { ActionResult } from "~/lib/action-result";
import { DragHandle, SortableItem } from "~/components/sortable";
import { ResponsiveImage } from "~/domain/media/components/responsive-image";
import { cn } from "~/lib/utils";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Input } from "~/ui/input";
import { ALT_TEXT_MAX, CAPTION_MAX, type ProjectImageItem } from "../schema";
import { mediaActionUrl, mediaForm } from "./media-action";

/** What the image is called in labels: its caption, or its place in the grid. */
export function imageName(image: Pick<ProjectImageItem, "caption">, position: number): string {
  return image.caption || `image ${position}`;
}

/** The key of the fetcher every card shares for the featured image, so one change shows on all of them. */
export const featuredFetcherKey = (projectId: string) => `project-media-featured-${projectId}`;

export function ImageCard({
  projectId,
  image,
  position,
  alt,
  onDelete,
}: {
  projectId: string;
  image: ProjectImageItem;
  /** 1-based place in the grid. */
  position: number;
  /** Its text alternative: the caption, or what and where it is. */
  alt: string;
  onDelete(image: ProjectImageItem): void;
}) {
  const name = imageName(image, position);
  const featured = useFeatured(projectId, image);

  return (
    <SortableItem
      id={image.id}
      aria-label={image.caption ? `Image ${position}: ${image.caption}` : `Image ${position}`}
    >
      {(handle, dragging) => (
        <div className="flex h-full flex-col overflow-hidden rounded-lg border bg-card text-card-foreground shadow-xs">
          <div className="relative">
            <ResponsiveImage
              image={image.image}
              alt={alt}
              sizes="(min-width: 1280px) 20vw, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw"
              className="aspect-[4/3] w-full"
            />
            {featured.on ? (
              <Badge className="absolute top-2 left-2 shadow-sm">
                <StarIcon aria-hidden="true" className="fill-current" />
                Featured
              </Badge>
            ) : null}
          </div>
          <div className="flex items-center gap-1 border-t px-1.5 py-1">
            <DragHandle label={`Reorder ${name}`} dragging={dragging} {...handle} />
            <span className="text-xs text-muted-foreground tabular-nums" aria-hidden="true">
              {position}
            </span>
            <div className="ml-auto flex items-center">
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label="Set as featured image"
                aria-pressed={featured.on}
                title={featured.on ? "Featured image (press to unset)" : "Set as featured image"}
                onClick={() => featured.toggle()}
                className={cn(featured.on && "text-warning hover:text-warning")}
              >
                <StarIcon aria-hidden="true" className={cn(featured.on && "fill-current")} />
              </Button>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Delete ${name}`}
                title="Delete image"
                onClick={() => onDelete(image)}
                className="text-muted-foreground hover:text-destructive"
              >
                <Trash2Icon aria-hidden="true" />
              </Button>
            </div>
          </div>
          <div className="grid gap-1.5 px-2 pb-2">
            <ImageTextField projectId={projectId} image={image} position={position} name="caption" />
            <ImageTextField projectId={projectId} image={image} position={position} name="altText" />
          </div>
        </div>
      )}
    </SortableItem>
  );
}

/** The featured state, optimistic while a change is posted (a new featured image unsets the old one). */
function useFeatured(projectId: string, image: ProjectImageItem) {
  const fetcher = useFetcher<ActionResult>({ key: featuredFetcherKey(projectId) });
  const pending = fetcher.formData;
  let on = image.isFeatured;
  if (pending?.get("intent") === "set-featured") {
    const makesFeatured = pending.get("featured") === "true";
    if (pending.get("imageId") === image.id) on = makesFeatured;
    else if (makesFeatured) on = false;
  }
  return {
    on,
    toggle() {
      void fetcher.submit(mediaForm("set-featured", { imageId: image.id, featured: String(!on) }), {
        method: "post",
        action: mediaActionUrl(projectId),
      });
    },
  };
}

/** One of the image's texts (caption, alt text), saved when the field is left or on Enter. */
function ImageTextField({
  projectId,
  image,
  position,
  name,
}: {
  projectId: string;
  image: ProjectImageItem;
  position: number;
  name: "caption" | "altText";
}) {
  const fetcher = useFetcher<ActionResult>();
  const id = useId();
  const what = name === "caption" ? "caption" : "alt text";
  const stored = image[name] ?? "";
  const saving = fetcher.state !== "idle";
  const failed = fetcher.state === "idle" && fetcher.data?.ok === false;
  // The text being sent, else the stored one: leaving the field unchanged posts nothing,
  // and after a failure leaving it again retries.
  const pending = fetcher.formData?.get(name);
  const current = typeof pending === "string" ? pending : stored;

  function save(input: HTMLInputElement) {
    const value = input.value.trim();
    if (value === current) return;
    void fetcher.submit(
      mediaForm(name === "caption" ? "update-caption" : "update-alt", { imageId: image.id, [name]: value }),
      {
        method: "post",
        action: mediaActionUrl(projectId),
      },
    );
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter") {
      // Never submit a form this section may sit in.
      event.preventDefault();
      save(event.currentTarget);
    } else if (event.key === "Escape" && event.currentTarget.value !== current) {
      event.preventDefault();
      event.currentTarget.value = current;
    }
  }

  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="sr-only">
        {name === "caption" ? "Caption" : "Alt text"} for image {position}
      </label>
      <Input
        id={id}
        defaultValue={stored}
        // The alt text falls back to the caption: say so where it is empty.
        placeholder={
          name === "caption" ? "Add a caption" : image.caption ? "Alt text: same as the caption" : "Alt text"
        }
        maxLength={name === "caption" ? CAPTION_MAX : ALT_TEXT_MAX}
        autoComplete="off"
        aria-invalid={failed || undefined}
        onBlur={(event) => save(event.currentTarget)}
        onKeyDown={onKeyDown}
        className="h-8 text-sm md:text-sm"
      />
      {/* Always in the page, so screen readers hear it change; takes room only while it says something. */}
      <p role="status" className={cn("text-xs text-muted-foreground", !saving && !failed && "sr-only")}>
        {saving ? `Saving ${what}...` : failed ? `${what[0]!.toUpperCase()}${what.slice(1)} not saved` : ""}
      </p>
    </div>
  );
}
