// A section of project pictures. Each opens, with the page's script, in a
// large preview (arrow keys and swipe to move, Escape to close); without
// JavaScript — or framed by a page that cannot say where its visitor looks —
// the link opens the full-size picture itself.
import { ResponsiveImage } from "~/domain/media/components/responsive-image";
import type { PublicImage } from "../project-page";

export function ImageSection({
  id,
  title,
  images,
  startIndex,
}: {
  /** Unique on the page, without spaces (it labels the section). */
  id: string;
  title: string;
  images: PublicImage[];
  startIndex: number;
}) {
  if (images.length === 0) return null;
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-3">
        {images.map((image, i) => {
          const alt = image.caption ?? `${title} picture ${i + 1}`;
          return (
            <li key={image.id}>
              <figure className="grid gap-1">
                <a
                  href={image.fullUrl}
                  target="_blank"
                  rel="noopener"
                  data-preview-index={startIndex + i}
                  data-preview-caption={image.caption ?? ""}
                  aria-label={`Open larger: ${alt}`}
                  className="block overflow-hidden rounded-lg focus-visible:ring-4 focus-visible:ring-ring focus-visible:outline-none"
                >
                  <ResponsiveImage
                    image={image.sources}
                    alt={alt}
                    sizes="(min-width: 1024px) 320px, (min-width: 768px) 33vw, 50vw"
                    className="aspect-[4/3] transition-transform hover:scale-[1.02]"
                    // The page's first row of pictures (three columns at most) loads at once.
                    priority={startIndex + i < 3}
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

/** The preview dialog the script fills in; rendered once per page. */
export function PreviewDialog() {
  return (
    <dialog
      id="image-preview"
      aria-labelledby="image-preview-caption"
      className="m-auto w-[min(64rem,calc(100vw-2rem))] max-w-none rounded-xl border bg-background p-0 text-foreground shadow-2xl backdrop:bg-black/70"
    >
      <div className="grid gap-3 p-3 sm:p-4">
        <div className="relative flex items-center justify-center overflow-hidden rounded-lg bg-muted">
          <img id="image-preview-img" alt="" className="max-h-[75vh] w-auto object-contain" />
        </div>
        <div className="flex items-center justify-between gap-3">
          <p id="image-preview-caption" className="min-w-0 text-sm">
            <span id="image-preview-text" /> <span id="image-preview-position" className="text-muted-foreground" />
          </p>
          <div className="flex shrink-0 gap-2">
            <button
              type="button"
              data-preview="prev"
              className="rounded-md border px-3 py-1.5 text-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              Previous
            </button>
            <button
              type="button"
              data-preview="next"
              className="rounded-md border px-3 py-1.5 text-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              Next
            </button>
            <button
              type="button"
              data-preview="close"
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
