// The public pages on the data of `npm run demo` (real pictures, logos,
// options, galleries): each from the app (its render cache) next to a bare
// Node server returning the same bytes, the cache's hit rate, and Lighthouse
// on the library, a project page and a gallery page, alone and framed.
import { auditPublicPages, CATEGORIES, MINIMUM_SCORE } from "../lighthouse/audit";
import { DEMO_PAGES, startDemoServer } from "../lighthouse/demo-server";
import { roundTrips } from "./load";
import { cacheHitRate, compareWithBareNode, comparisonRows, type Comparison } from "./side-by-side";
import type { Row } from "./table";

export async function benchDemo(): Promise<{ rows: Row[]; comparison: Comparison[] }> {
  const server = await startDemoServer({ LOG_LEVEL: "info" });
  const rows: Row[] = [];
  let comparison: Comparison[] = [];
  try {
    rows.push({ measure: "database round trips for / (demo data)", value: String(await roundTrips(`${server.url}/`)) });
    // A listed project without a public name has only its preview; every card names its dialog.
    const listing = await (await fetch(`${server.url}/projects`)).text();
    const projectId = /data-project-dialog="([0-9a-f-]{36})"/.exec(listing)?.[1];
    if (!projectId) throw new Error("The demo's /projects shows no project");
    comparison = await compareWithBareNode(server.url, [
      { label: "/", path: "/" },
      { label: "/castle-keep-play-fort", path: "/castle-keep-play-fort" },
      { label: "/projects", path: "/projects" },
      { label: "/projects/:id/preview", path: `/projects/${projectId}/preview` },
      { label: "/projects/:id/dialog", path: `/projects/${projectId}/dialog` },
      { label: "/gallery", path: "/gallery" },
      { label: "/gallery/signature-playgrounds", path: "/gallery/signature-playgrounds" },
      { label: "/webview/signature-playgrounds", path: "/webview/signature-playgrounds" },
      { label: "/sitemap.xml", path: "/sitemap.xml" },
    ]);
    rows.push(...comparisonRows("demo data", comparison));

    for (const audit of await auditPublicPages(server.url, DEMO_PAGES)) {
      const scores = CATEGORIES.map((category) => audit.scores[category]);
      rows.push({
        measure: `Lighthouse ${audit.page}${audit.framed ? ", framed" : ""} (demo data): ${CATEGORIES.join(" / ")}`,
        value: scores.join(" / "),
        budget: `>= ${MINIMUM_SCORE} each`,
        ok: scores.every((score) => score >= MINIMUM_SCORE),
      });
    }
  } finally {
    const log = await server.stop();
    rows.push(cacheHitRate(log));
  }
  return { rows, comparison };
}
