// The code a website pastes to show one of our embeddable pages: the iframe
// (width 100%, height 600, borderless) and /embed.js, which resizes it to its
// content and shows `loadingText` until the page arrives. The oEmbed form
// frames the page's compact card instead (for consumers that strip the
// script), which /embed.js, where it runs, swaps for the whole page.
const escapeAttribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export const EMBED_HEIGHT = 600;
/** The card's frame: a picture and a few lines, laid out to fill exactly this (or a consumer's lower maxheight). */
export const EMBED_CARD_HEIGHT = 360;

export function embedSnippet(input: {
  origin: string;
  path: string;
  title: string;
  loadingText: string;
  /** The frame's height until it first reports its own (an oEmbed consumer's maxheight may lower it). */
  height?: number;
  /** Frame the page's compact card (`?view=card`), which /embed.js upgrades to the page. */
  card?: boolean;
}): string {
  const page = `${input.origin}${input.path}`;
  const src = input.card ? `${page}?view=card` : page;
  const upgrade = input.card ? ` data-full-src="${escapeAttribute(page)}"` : "";
  const height = input.height ?? (input.card ? EMBED_CARD_HEIGHT : EMBED_HEIGHT);
  return [
    `<iframe src="${escapeAttribute(src)}"${upgrade} width="100%" height="${height}" style="border:0;width:100%" title="${escapeAttribute(input.title)}" data-loading-text="${escapeAttribute(input.loadingText)}" loading="lazy"></iframe>`,
    `<script src="${escapeAttribute(input.origin)}/embed.js" async></script>`,
  ].join("\n");
}
