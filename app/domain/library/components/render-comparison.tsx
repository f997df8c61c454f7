// Render versus reality: the 3D render and the completed photo in one frame,
// a handle to drag between them (mouse, touch, arrow keys: app/embed/frame.js).
// The layout is CSS: with scripting on, the render lies over the photo and is
// cut at the handle (--compare, 50% at first); with JavaScript off the two
// pictures stand side by side (on a phone too) and the handle is not shown.
import type { CSSProperties } from "react";
import { ResponsiveImage } from "~/domain/media/components/responsive-image";
import type { PublicImage } from "../project-page";

const LABEL =
  "js:absolute js:top-3 js:rounded-full js:bg-black/65 js:px-3 js:py-1 js:text-xs js:font-semibold js:text-white text-sm text-muted-foreground";

export function RenderComparison({ render, photo }: { render: PublicImage; photo: PublicImage }) {
  // Both pictures are cropped to the photo's shape, so they line up.
  // At most 80% of the screen's height, keeping that shape: the whole comparison stays in view.
  const ratio = photo.sources.width / photo.sources.height;
  const shape = {
    "--compare-aspect": `${photo.sources.width} / ${photo.sources.height}`,
    "--compare-max-width": `calc(80vh * ${ratio.toFixed(4)})`,
  } as CSSProperties;
  const sizes = "(min-width: 1152px) 1104px, 100vw";
  return (
    <section aria-labelledby="render-vs-reality" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="render-vs-reality" className="text-2xl font-semibold tracking-tight">
          Render versus reality
        </h2>
        <p className="text-muted-foreground">
          The 3D render we designed, and the playground we built.{" "}
          <span className="nojs:hidden">Drag the handle to compare.</span>
        </p>
      </div>
      <div
        data-compare
        style={{ ...shape, "--compare": "50%" } as CSSProperties}
        className="grid grid-cols-2 gap-3 js:relative js:mx-auto js:block js:aspect-(--compare-aspect) js:w-full js:max-w-(--compare-max-width) js:touch-pan-y js:overflow-hidden js:rounded-2xl js:select-none"
      >
        <figure className="grid gap-1.5 js:absolute js:inset-0 js:z-10 js:[clip-path:inset(0_calc(100%-var(--compare))_0_0)]">
          <ResponsiveImage
            image={render.sources}
            alt={render.alt}
            sizes={sizes}
            draggable={false}
            className="rounded-xl js:size-full js:rounded-none"
          />
          <figcaption className={`${LABEL} js:left-3`}>3D render</figcaption>
        </figure>
        <figure className="grid gap-1.5 js:absolute js:inset-0">
          <ResponsiveImage
            image={photo.sources}
            alt={photo.alt}
            sizes={sizes}
            draggable={false}
            className="rounded-xl js:size-full js:rounded-none"
          />
          <figcaption className={`${LABEL} js:right-3`}>Completed</figcaption>
        </figure>
        <div
          data-compare-handle
          role="slider"
          tabIndex={0}
          aria-label="Render versus reality: how much of the render shows"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={50}
          aria-valuetext="50% render, 50% photo"
          className="hidden cursor-ew-resize focus-visible:outline-none js:absolute js:inset-y-0 js:left-(--compare) js:z-20 js:flex js:w-11 js:-translate-x-1/2 js:items-center js:justify-center [&:focus-visible>span]:ring-4 [&:focus-visible>span]:ring-ring"
        >
          <span
            aria-hidden="true"
            className="absolute inset-y-0 left-1/2 w-0.5 -translate-x-1/2 bg-white shadow-[0_0_6px_rgb(0_0_0/0.5)]"
          />
          <span
            aria-hidden="true"
            className="relative flex size-11 items-center justify-center rounded-full bg-white text-neutral-900 shadow-lg"
          >
            <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2.5">
              <path d="m9 6-6 6 6 6M15 6l6 6-6 6" />
            </svg>
          </span>
        </div>
      </div>
    </section>
  );
}
