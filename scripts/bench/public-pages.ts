// Public pages on data/public-pages.sql (500 projects, 10,000 image rows) and one project with 30
// real images. Reports for the project page the JavaScript and image bytes a visitor downloads, the
// database round trips, render latency (one connection) and throughput (ten); then every public
// page from the app (render cache) next to a bare Node server returning the same bytes, and the
// cache's hit rate.
import { benchPhotos, kb, pageWeight, renderRows, roundTrips, type Row, seededServer, storePhoto } from "./lib";
import { cacheHitRate, compareWithBareNode, comparisonRows, type Comparison } from "./side-by-side";

const BENCH_PROJECT = "b0000000-0000-4000-8000-000000000000";
const CATEGORIES = ["3d_renders", "photos_installation", "photos_completed"];

/** Every public page of this data set, for the comparison with a bare server. */
const PAGES = [
  ["/", "/"],
  ["/:slug (30 images)", "/bench-project"],
  ["/projects", "/projects"],
  ["/projects/:id/preview", `/projects/${BENCH_PROJECT}/preview`],
  ["/projects/:id/dialog", `/projects/${BENCH_PROJECT}/dialog`],
  ["/gallery", "/gallery"],
  ["/gallery/:slug (24 cards)", "/gallery/bench-gallery"],
  ["/webview/:slug", "/webview/bench-gallery"],
  ["/sitemap.xml (500 projects)", "/sitemap.xml"],
].map(([label, path]) => ({ label: label!, path: path! }));

export async function benchPublicPages(): Promise<{ rows: Row[]; comparison: Comparison[] }> {
  let originals = 0;
  const seed: Parameters<typeof seededServer>[1] = async ({ dataDir, db }) => {
    for (const [i, photo] of (await benchPhotos(30)).entries()) {
      const category = CATEGORIES[i % 3]!;
      const key = (ext: string) => `project-files/${BENCH_PROJECT}/${category}/${i}-bench.${ext}`;
      const image = await storePhoto(dataDir, key, photo);
      originals += image.bytes;
      await db.query(
        `insert into project_images (project_id, storage_key, width, height, caption, display_order, image_category, is_featured)
           values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [BENCH_PROJECT, image.key, image.width, image.height, `Picture ${i + 1}`, Math.floor(i / 3), category, i === 0],
      );
    }
  };
  const server = await seededServer("public-pages", seed, { LOG_LEVEL: "info" });
  const rows: Row[] = [];
  let comparison: Comparison[] = [];
  try {
    const page = `${server.url}/bench-project`;
    rows.push(await roundTrips(page, "/:slug"));
    const weight = await pageWeight(page);
    rows.push({
      // The case study: lightbox, comparison slider, live filters in the header (docs/budgets.md).
      measure: "JavaScript on /:slug (30 images), gzip",
      value: kb(weight.javascript),
      budget: "< 15.0 KB",
      ok: weight.javascript < 15 * 1024,
    });
    rows.push({
      measure: "image bytes on /:slug (30 images, 1366 px wide) vs stored originals",
      value: `${kb(weight.images)} of ${kb(originals)} (${((weight.images / originals) * 100).toFixed(1)}%)`,
    });
    rows.push(...(await renderRows("/:slug (500 projects / 10,000 images)", page, 30, 8)));
    comparison = await compareWithBareNode(server.url, PAGES);
    rows.push(...comparisonRows("500 projects", comparison));
  } finally {
    await server.stop();
    rows.push(cacheHitRate(server.output()));
  }
  return { rows, comparison };
}
