/** What a public page says a shared cache (a CDN) may do: keep it a minute, serve it stale while it fetches anew. */
export const PUBLIC_PAGE_CACHE = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";

// "Never for a shared cache": what an answer that depends on who asked says.
// An answer that also said no-transform (an event stream: compression would
// hold its events back) keeps saying it.
export function keepPrivate(response: Response): void {
  const noTransform = /\bno-transform\b/.test(response.headers.get("Cache-Control") ?? "");
  response.headers.set("Cache-Control", noTransform ? "private, no-store, no-transform" : "private, no-store");
}
