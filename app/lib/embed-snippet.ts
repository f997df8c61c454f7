// The code a website pastes to show one of our embeddable pages: the iframe
// (width 100%, height 600, borderless) and /embed.js, which resizes it to its
// content and shows `loadingText` until the page arrives.
const escapeAttribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export const EMBED_HEIGHT = 600;

export function embedSnippet(input: {
  origin: string;
  path: string;
  title: string;
  loadingText: string;
  /** The frame's height until it first reports its own (an oEmbed consumer's maxheight may lower it). */
  height?: number;
}): string {
  const src = `${input.origin}${input.path}`;
  return [
    `<iframe src="${escapeAttribute(src)}" width="100%" height="${input.height ?? EMBED_HEIGHT}" style="border:0;width:100%" title="${escapeAttribute(input.title)}" data-loading-text="${escapeAttribute(input.loadingText)}" loading="lazy"></iframe>`,
    `<script src="${escapeAttribute(input.origin)}/embed.js" async></script>`,
  ].join("\n");
}
