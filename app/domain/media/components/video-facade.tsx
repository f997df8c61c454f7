// A YouTube video as a thumbnail and a play button. The player (and YouTube's scripts) load only
// when someone asks for it, from youtube-nocookie.com.
import { PlayIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { youtubeEmbedUrl } from "~/lib/youtube";
import { cn } from "~/lib/utils";
import { VideoThumbnail } from "./video-thumbnail";

export function VideoFacade({ youtubeId, title, className }: { youtubeId: string; title: string; className?: string }) {
  const [playing, setPlaying] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);

  // The button that had focus is gone; keep keyboard users on the player that replaced it.
  useEffect(() => {
    if (playing) frameRef.current?.focus();
  }, [playing]);

  return (
    <div className={cn("relative aspect-video overflow-hidden rounded-lg bg-muted", className)}>
      {playing ? (
        <iframe
          ref={frameRef}
          src={youtubeEmbedUrl(youtubeId, { autoplay: true })}
          title={title}
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          className="absolute inset-0 size-full border-0"
        />
      ) : (
        <button
          type="button"
          aria-label={`Play video: ${title}`}
          onClick={() => setPlaying(true)}
          className="group absolute inset-0 size-full cursor-pointer outline-none focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:ring-inset"
        >
          <VideoThumbnail youtubeId={youtubeId} />
          <span className="absolute inset-0 flex items-center justify-center">
            <span className="flex size-14 items-center justify-center rounded-full bg-black/70 text-white shadow-md transition-colors group-hover:bg-primary group-focus-visible:bg-primary">
              <PlayIcon aria-hidden="true" className="ml-0.5 size-6 fill-current" />
            </span>
          </span>
        </button>
      )}
    </div>
  );
}
