// A stored picture at the right size for the screen, in AVIF where the image has it (WebP
// otherwise). The box takes the image's aspect ratio before a byte arrives (and a muted
// background shows until it does), so nothing below it moves.
import { ImageOffIcon } from "lucide-react";
import type { ComponentProps, CSSProperties } from "react";
import type { ImageSources } from "~/lib/image-sources";
import { cn } from "~/lib/utils";

export interface ResponsiveImageProps extends Omit<
  ComponentProps<"img">,
  "src" | "srcSet" | "sizes" | "width" | "height" | "alt" | "className"
> {
  image: ImageSources | null;
  /** Describes the picture; "" marks it decorative. */
  alt: string;
  /** How wide the image is drawn, e.g. "(min-width: 768px) 33vw, 100vw", so the browser picks a variant. */
  sizes: string;
  /** Classes for the box, e.g. a width, rounding, or `aspect-square` to crop to a fixed shape. */
  className?: string;
  /** "cover" fills the box (cropping), "contain" shows the whole picture (letterboxing). */
  fit?: "cover" | "contain";
  /** In the first row of a page: loaded at once, ahead of other images; the rest wait until scrolled near. */
  priority?: boolean;
}

export function ResponsiveImage({
  image,
  alt,
  sizes,
  className,
  loading,
  fit = "cover",
  priority = false,
  ...rest
}: ResponsiveImageProps) {
  // A variable rather than an inline aspect-ratio, so a caller's `aspect-*` class can still win.
  const box = "relative block overflow-hidden bg-muted aspect-(--image-aspect)";

  if (image === null) {
    return (
      <span
        role={alt === "" ? undefined : "img"}
        aria-label={alt === "" ? undefined : alt}
        aria-hidden={alt === "" ? true : undefined}
        className={cn(box, "flex items-center justify-center text-muted-foreground", className)}
        style={{ "--image-aspect": "4 / 3" } as CSSProperties}
      >
        <ImageOffIcon aria-hidden="true" className="size-1/4 max-h-12 max-w-12" />
      </span>
    );
  }

  return (
    <span
      className={cn(box, className)}
      style={{ "--image-aspect": `${image.width} / ${image.height}` } as CSSProperties}
    >
      {/* display: contents keeps the <img> the box's child for layout. */}
      <picture className="contents">
        {image.avifSrcSet ? <source type="image/avif" srcSet={image.avifSrcSet} sizes={sizes} /> : null}
        <img
          {...rest}
          src={image.src}
          srcSet={image.srcSet}
          sizes={sizes}
          width={image.width}
          height={image.height}
          alt={alt}
          loading={loading ?? (priority ? "eager" : "lazy")}
          fetchPriority={priority ? "high" : undefined}
          decoding={priority ? undefined : "async"}
          className={cn("size-full", fit === "cover" ? "object-cover" : "object-contain")}
        />
      </picture>
    </span>
  );
}
