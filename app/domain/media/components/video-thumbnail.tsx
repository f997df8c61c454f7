// A YouTube video's still, behind a play button (the facade) or a link (static pages).
import { youtubeThumbnailUrl } from "~/lib/youtube";

export function VideoThumbnail({ youtubeId }: { youtubeId: string }) {
  return (
    <img
      src={youtubeThumbnailUrl(youtubeId)}
      alt=""
      width={480}
      height={360}
      loading="lazy"
      decoding="async"
      className="size-full object-cover"
    />
  );
}
