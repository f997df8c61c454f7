// The embedded gallery page (data/gallery.sql): 24 projects, each with a real photograph (stored
// through the pipeline: WebP and, where smaller, AVIF variants) and a client logo, a few featured.
// Reports round trips, JavaScript, the image bytes a browser loads against the same page offered
// WebP only (as before AVIF) and against the originals, the render p95 and its throughput.
import {
  benchPhotos,
  kb,
  pageWeight,
  renderRows,
  roundTrips,
  type Row,
  seededServer,
  storePhoto,
  withoutAvif,
} from "./lib";

const PROJECTS = 24;
const COVER_SIZES_BEFORE = "(min-width: 1280px) 25vw, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw";
const id = (prefix: string, n: number) => `${prefix}0000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

export async function benchGallery(): Promise<Row[]> {
  let originals = 0;
  const server = await seededServer("gallery", async ({ dataDir, db }) => {
    const photos = await benchPhotos(PROJECTS);
    for (let n = 1; n <= 8; n++) {
      const logo = await storePhoto(dataDir, (ext) => `client-logos/bench-${n}.${ext}`, photos[n - 1]!);
      await db.query("update clients set logo_key = $1, logo_width = $2, logo_height = $3 where id = $4", [
        ...[logo.key, logo.width, logo.height],
        id("c", n),
      ]);
    }
    for (let n = 1; n <= PROJECTS; n++) {
      const key = (ext: string) => `project-files/${id("a", n)}/photos_completed/bench.${ext}`;
      const image = await storePhoto(dataDir, key, photos[n - 1]!);
      originals += image.bytes;
      await db.query(
        `insert into project_images (project_id, storage_key, width, height, display_order, image_category, is_featured)
           values ($1, $2, $3, $4, 0, 'photos_completed', true)`,
        [id("a", n), image.key, image.width, image.height],
      );
    }
  });
  try {
    const page = `${server.url}/gallery/bench-gallery`;
    const rows = [await roundTrips(page, "/gallery/:slug")];
    const weight = await pageWeight(page);
    rows.push({
      measure: `JavaScript on /gallery/:slug (${PROJECTS} projects), gzip`,
      value: kb(weight.javascript),
      budget: "< 10.0 KB",
      ok: weight.javascript < 10 * 1024,
    });
    rows.push({
      measure: `image bytes on /gallery/:slug (${PROJECTS} photos and logos, 1366 px wide) vs stored originals (778×584 photos)`,
      value: `${kb(weight.images)} of ${kb(originals)} (${((weight.images / originals) * 100).toFixed(1)}%)`,
    });
    // The same page offered WebP only, and the page as it was before AVIF (WebP only, covers sized 25vw).
    const before = (html: string) =>
      withoutAvif(html).replace(/sizes="\(min-width: 1280px\) 293px[^"]*"/g, `sizes="${COVER_SIZES_BEFORE}"`);
    for (const [label, rewrite] of [
      ["the same page WebP only", withoutAvif],
      ["the page before AVIF (WebP only, covers sized 25vw)", before],
    ] as const) {
      const base = (await pageWeight(page, rewrite)).images;
      rows.push({
        measure: `image bytes on /gallery/:slug with AVIF vs ${label}`,
        value: `${kb(weight.images)} vs ${kb(base)} (${((weight.images / base) * 100).toFixed(1)}%)`,
        budget: "<= 60%",
        ok: weight.images <= 0.6 * base,
      });
    }
    return [...rows, ...(await renderRows("/gallery/:slug", page))];
  } finally {
    await server.stop();
  }
}
