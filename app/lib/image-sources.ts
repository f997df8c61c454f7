/** What an `<img>` needs to load the right variant without shifting the page (see imageSources on the server). */
export interface ImageSources {
  /** The largest variant up to 1280 px wide: the fallback for browsers that ignore srcSet. */
  src: string;
  /** Every WebP variant with its `w` descriptor. */
  srcSet: string;
  /** The same widths in AVIF, when the image has them (smaller than the WebPs): offered first. */
  avifSrcSet?: string;
  /** The original's intrinsic size, for the aspect ratio. */
  width: number;
  height: number;
}
