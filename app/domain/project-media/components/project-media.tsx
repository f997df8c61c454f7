// The Project Media section of the project edit page: a tab per image
// category ('3D Renders', 'Photos - Installation', 'Photos - Completed') and
// 'Videos', each label with its count. Every tab stays mounted (hidden when
// not chosen), so uploads in one tab carry on while another is open.
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/ui/tabs";
import { IMAGE_CATEGORY_LABELS, PROJECT_IMAGE_CATEGORIES, type ProjectMediaData } from "../schema";
import { ImageGallery } from "./image-gallery";
import { VideoList } from "./video-list";

export function ProjectMedia({
  projectId,
  projectTitle,
  media,
}: {
  projectId: string;
  projectTitle: string;
  media: ProjectMediaData;
}) {
  return (
    <section aria-labelledby="project-media-heading" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="project-media-heading" className="text-lg font-semibold">
          Project Media
        </h2>
        <p className="text-sm text-muted-foreground">
          Drag images and videos by their handle to set the order they are shown in.
        </p>
      </div>
      <Tabs defaultValue="3d_renders" className="gap-4">
        <TabsList
          aria-label="Media type"
          className="grid h-auto w-full grid-cols-2 gap-1 sm:inline-flex sm:h-9 sm:w-fit sm:gap-0"
        >
          {PROJECT_IMAGE_CATEGORIES.map((category) => (
            <MediaTab
              key={category}
              value={category}
              label={IMAGE_CATEGORY_LABELS[category]}
              count={media.images[category].length}
              noun="image"
            />
          ))}
          <MediaTab value="videos" label="Videos" count={media.videos.length} noun="video" />
        </TabsList>
        {PROJECT_IMAGE_CATEGORIES.map((category) => (
          <TabsContent key={category} value={category} forceMount className="data-[state=inactive]:hidden">
            <ImageGallery
              projectId={projectId}
              projectTitle={projectTitle}
              category={category}
              images={media.images[category]}
            />
          </TabsContent>
        ))}
        <TabsContent value="videos" forceMount className="data-[state=inactive]:hidden">
          <VideoList projectId={projectId} videos={media.videos} />
        </TabsContent>
      </Tabs>
    </section>
  );
}

function MediaTab({ value, label, count, noun }: { value: string; label: string; count: number; noun: string }) {
  return (
    <TabsTrigger value={value} className="h-8 sm:h-[calc(100%-1px)]">
      {label}
      <span
        aria-hidden="true"
        className="min-w-5 rounded-full bg-muted-foreground/10 px-1.5 text-xs text-muted-foreground tabular-nums"
      >
        {count}
      </span>
      <span className="sr-only">
        ({count} {count === 1 ? noun : `${noun}s`})
      </span>
    </TabsTrigger>
  );
}
