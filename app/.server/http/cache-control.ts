/** What a public page says a shared cache (a CDN) may do: keep it a minute, serve it stale while it fetches anew. */
export const PUBLIC_PAGE_CACHE = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";

// "Never for a shared cache", keeping a no-transform (an event stream's: compression would hold events back).
export function keepPrivate(response: Response): void {
  const noTransform = /\bno-transform\b/.test(response.headers.get("Cache-Control") ?? "");
  response.headers.set("Cache-Control", noTransform ? "private, no-store, no-transform" : "private, no-store");
}

/** If-None-Match names one of `tags` (the weak comparison of RFC 9110; `*` matches any). */
export function etagMatches(ifNoneMatch: string | null | undefined, tags: string[]): boolean {
  return (ifNoneMatch ?? "").split(",").some((tag) => {
    const value = tag.trim().replace(/^W\//, "");
    return value === "*" || (value !== "" && tags.includes(value));
  });
}
