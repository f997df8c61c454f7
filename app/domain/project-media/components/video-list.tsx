// The Videos tab: Add Video, then the project's videos in display order (a
// click-to-play facade each), to drag into a new order or delete.
import { Trash2Icon, VideoIcon } from "lucide-react";
import { useFetcher } from "react-router";
import { useListDelete } from "~/components/list-delete";
import { DragHandle, SortableArea, SortableItem } from "~/components/sortable";
import { VideoFacade } from "~/domain/media/components/video-facade";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { VIDEO_CATEGORY_LABELS, type ProjectVideoItem } from "../schema";
import { AddVideoDialog } from "./add-video-dialog";
import { arrange, mediaActionUrl, mediaForm, pendingIds } from "./media-action";

export function VideoList({ projectId, videos }: { projectId: string; videos: ProjectVideoItem[] }) {
  const reorder = useFetcher({ key: `project-media-reorder-${projectId}-videos` });
  const remove = useListDelete<ProjectVideoItem>({
    name: (video) => video.title,
    description: "The video will be removed from this project. This cannot be undone.",
    action: mediaActionUrl(projectId),
    fields: (video) => ({ intent: "delete-video", videoId: video.id }),
  });
  const shown = arrange(videos, pendingIds(reorder.formData, "reorder-videos"));
  const ids = shown.map((video) => video.id);

  function onReorder(next: string[]) {
    void reorder.submit(mediaForm("reorder-videos", { ids: next }), {
      method: "post",
      action: mediaActionUrl(projectId),
    });
  }

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">YouTube videos, shown in this order on the project page.</p>
        <AddVideoDialog projectId={projectId} />
      </div>
      {shown.length === 0 ? (
        <div className="flex flex-col items-center gap-1 rounded-lg border border-dashed p-8 text-center">
          <VideoIcon aria-hidden="true" className="mb-1 size-8 text-muted-foreground" />
          <p className="font-medium">No videos yet</p>
          <p className="text-sm text-muted-foreground">Add a YouTube video to get started</p>
        </div>
      ) : (
        <SortableArea ids={ids} onReorder={onReorder} nameOf={(id) => shown.find((v) => v.id === id)?.title ?? "video"}>
          <ul aria-label="Videos, in display order" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {shown.map((video, index) => (
              <SortableItem key={video.id} id={video.id} aria-label={`Video ${index + 1}: ${video.title}`}>
                {(handle, dragging) => (
                  <div className="flex h-full flex-col overflow-hidden rounded-lg border bg-card text-card-foreground shadow-xs">
                    <VideoFacade youtubeId={video.youtubeId} title={video.title} className="rounded-none" />
                    <div className="flex items-start gap-1 p-1.5">
                      <DragHandle label={`Reorder ${video.title}`} dragging={dragging} {...handle} />
                      <div className="grid min-w-0 flex-1 gap-1 py-1.5">
                        <p className="line-clamp-2 text-sm font-medium break-words" title={video.title}>
                          {video.title}
                        </p>
                        <Badge variant={video.category === "real_videos" ? "info" : "secondary"}>
                          {VIDEO_CATEGORY_LABELS[video.category]}
                        </Badge>
                      </div>
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        aria-label={`Delete ${video.title}`}
                        title="Delete video"
                        onClick={() => remove.ask(video)}
                        className="text-muted-foreground hover:text-destructive"
                      >
                        <Trash2Icon aria-hidden="true" />
                      </Button>
                    </div>
                  </div>
                )}
              </SortableItem>
            ))}
          </ul>
        </SortableArea>
      )}
      {remove.dialog}
    </div>
  );
}
