// A section of project pictures. Each opens, with the page's script, in the
// lightbox (arrow keys and swipe move through the section, Escape or Close
// return to the picture); without JavaScript — or framed by a page that cannot
// say where its visitor looks — the link opens the full-size picture itself.
import { Play } from "lucide-react";
import { ResponsiveImage } from "~/domain/media/components/responsive-image";
import type { PublicImage } from "../project-page";

export function ImageSection({
  id,
  title,
  images,
}: {
  /** Unique on the page, without spaces (it labels the section and groups its lightbox). */
  id: string;
  title: string;
  images: PublicImage[];
}) {
  if (images.length === 0) return null;
  return (
    <section aria-labelledby={id} className="grid gap-4">
      <h2 id={id} className="text-2xl font-semibold tracking-tight">
        {title}
      </h2>
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-3">
        {images.map((image) => {
          const alt = image.alt;
          return (
            <li key={image.id}>
              <figure className="grid gap-1">
                <a
                  href={image.fullUrl}
                  target="_blank"
                  rel="noopener"
                  data-preview-group={id}
                  data-preview-caption={image.caption ?? ""}
                  aria-label={`Open larger: ${alt}`}
                  className="block overflow-hidden rounded-lg focus-visible:ring-4 focus-visible:ring-ring focus-visible:outline-none"
                >
                  <ResponsiveImage
                    image={image.sources}
                    alt={alt}
                    sizes="(min-width: 1024px) 320px, (min-width: 768px) 33vw, 50vw"
                    className="aspect-[4/3] transition-transform hover:scale-[1.02]"
                  />
                </a>
                {image.caption ? (
                  <figcaption className="text-sm text-muted-foreground">{image.caption}</figcaption>
                ) : null}
              </figure>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * The lightbox the page's script fills in (rendered once per page): a picture,
 * or a video's still with a play button that starts the player in place; the
 * caption below, with the place in the section and the buttons.
 */
export function PreviewDialog() {
  const button =
    "rounded-md border px-3 py-1.5 text-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none";
  return (
    // A sideways swipe is the lightbox's (next, previous), never the browser's
    // (its back gesture or a sideways pan): touch-action keeps scrolling and zooming only.
    <dialog
      id="lightbox"
      aria-labelledby="lightbox-caption"
      className="m-auto w-[min(72rem,calc(100vw-1rem))] max-w-none touch-pan-y touch-pinch-zoom overscroll-contain rounded-xl border bg-background p-0 text-foreground shadow-2xl backdrop:bg-black/80"
    >
      <div className="grid gap-3 p-2 sm:p-4">
        <div
          id="lightbox-stage"
          className="relative flex items-center justify-center overflow-hidden rounded-lg bg-neutral-950"
        >
          <img id="lightbox-img" alt="" className="max-h-[75vh] w-auto object-contain" />
          <button
            id="lightbox-play"
            type="button"
            hidden
            className="group relative aspect-video w-full focus-visible:outline-none"
          >
            <img id="lightbox-still" alt="" className="size-full object-cover" />
            <span className="absolute inset-0 flex items-center justify-center bg-black/25 group-hover:bg-black/35">
              <span className="flex size-16 items-center justify-center rounded-full bg-white/90 text-primary shadow-lg group-focus-visible:ring-4 group-focus-visible:ring-ring">
                <Play aria-hidden="true" className="ml-1 size-7 fill-current" />
              </span>
            </span>
            <span id="lightbox-play-label" className="sr-only">
              Play video
            </span>
          </button>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p id="lightbox-caption" className="min-w-0 text-sm">
            <span id="lightbox-text" /> <span id="lightbox-position" className="text-muted-foreground" />
          </p>
          <div className="ml-auto flex shrink-0 gap-2">
            <button type="button" data-lightbox="prev" className={button}>
              Previous
            </button>
            <button type="button" data-lightbox="next" className={button}>
              Next
            </button>
            <button
              type="button"
              data-lightbox="close"
              className="rounded-md bg-primary px-3 py-1.5 text-sm text-primary-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              Close
            </button>
          </div>
        </div>
      </div>
    </dialog>
  );
}
