// A YouTube video on a page that is not hydrated: a link to the video with its
// thumbnail. The page's script opens it in the lightbox, playing (the
// youtube-nocookie player), or — framed where the visitor's view is unknown —
// swaps the link for the player in place. Without JavaScript it opens YouTube.
import { Play } from "lucide-react";
import { VideoThumbnail } from "~/domain/media/components/video-thumbnail";

export function StaticVideo({ youtubeId, title }: { youtubeId: string; title: string }) {
  return (
    <figure className="grid gap-2">
      <a
        href={`https://www.youtube.com/watch?v=${youtubeId}`}
        target="_blank"
        rel="noopener noreferrer"
        data-youtube-id={youtubeId}
        data-youtube-title={title}
        data-preview-group="videos"
        aria-label={`Play video: ${title}`}
        className="group relative block aspect-video overflow-hidden rounded-lg bg-muted focus-visible:ring-4 focus-visible:ring-ring focus-visible:outline-none"
      >
        <VideoThumbnail youtubeId={youtubeId} />
        <span className="absolute inset-0 flex items-center justify-center bg-black/20 transition-colors group-hover:bg-black/30">
          <span className="flex size-16 items-center justify-center rounded-full bg-white/90 text-primary shadow-lg">
            <Play aria-hidden="true" className="ml-1 size-7 fill-current" />
          </span>
        </span>
      </a>
      <figcaption className="text-sm font-medium">{title}</figcaption>
    </figure>
  );
}
