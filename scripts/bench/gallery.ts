// The embedded gallery page: a published gallery of 24 projects, each with a
// real photograph (stored through the pipeline: WebP and, where smaller, AVIF
// variants) and a client logo, a few featured (with a link or a video).
// Reports round trips, JavaScript, the image bytes a browser loads against the
// same page offered WebP only (as before AVIF) and against the originals, the
// render p95 on one connection and its throughput on ten.
import { load, RENDERED, roundTrips } from "./load";
import { pageWeight, withoutAvif } from "./page-weight";
import { benchPhotos, storePhoto } from "./photos";
import { seededServer } from "./seeded";
import { kb, type Row } from "./table";

const PROJECTS = 24;
const COVER_SIZES_BEFORE = "(min-width: 1280px) 25vw, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw";
const GALLERY = "d0000000-0000-4000-8000-000000000001";
const projectId = (n: number) => `a0000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const clientId = (n: number) => `c0000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

const SEED = `
  insert into industry_types (name) values ('Schools'), ('Parks'), ('Museums');
  insert into clients (id, name, location, website, industry_type)
    select ('c0000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 'Client ' || n, 'Town ' || n,
      'https://client' || n || '.example', (array['Schools','Parks','Museums'])[1 + n % 3]
    from generate_series(1, 8) n;
  insert into projects (id, title, project_name, client_id, status, show_in_gallery, description, end_date,
      is_featured, featured_url)
    select ('a0000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 'Gallery project ' || n, 'gallery-project-' || n,
      ('c0000000-0000-4000-8000-' || lpad((1 + n % 8)::text, 12, '0'))::uuid, 'completed', true,
      'A playground with towers, slides and a sensory garden.', date '2024-01-01' + n * 10,
      n % 6 = 0, case when n % 12 = 0 then 'https://example.com/featured-' || n end
    from generate_series(1, ${PROJECTS}) n;
  insert into project_videos (project_id, title, youtube_url, youtube_id, display_order, video_category)
    select ('a0000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 'Walk-through', 'https://youtu.be/abcdefghijk',
      'abcdefghijk', 0, '3d_renders'
    from generate_series(6, ${PROJECTS}, 6) n where n % 12 <> 0;
  insert into galleries (id, name, slug, description, is_published)
    values ('${GALLERY}', 'Benchmark Gallery', 'bench-gallery', 'Twenty-four projects in the chosen order.', true);
  insert into gallery_projects (gallery_id, project_id, display_order)
    select '${GALLERY}', ('a0000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, ${PROJECTS} - n
    from generate_series(1, ${PROJECTS}) n;
`;

export async function benchGallery(): Promise<Row[]> {
  let originals = 0;
  const server = await seededServer(async ({ dataDir, db }) => {
    await db.exec(SEED);
    const photos = await benchPhotos(PROJECTS);
    for (let n = 1; n <= 8; n++) {
      const logo = await storePhoto(dataDir, (ext) => `client-logos/bench-${n}.${ext}`, photos[n - 1]!);
      await db.query("update clients set logo_key = $1, logo_width = $2, logo_height = $3 where id = $4", [
        logo.key,
        logo.width,
        logo.height,
        clientId(n),
      ]);
    }
    for (let n = 1; n <= PROJECTS; n++) {
      const image = await storePhoto(
        dataDir,
        (ext) => `project-files/${projectId(n)}/photos_completed/bench.${ext}`,
        photos[n - 1]!,
      );
      originals += image.bytes;
      await db.query(
        `insert into project_images (project_id, storage_key, width, height, display_order, image_category, is_featured)
           values ($1, $2, $3, $4, 0, 'photos_completed', true)`,
        [projectId(n), image.key, image.width, image.height],
      );
    }
  });
  const rows: Row[] = [];
  try {
    const page = `${server.url}/gallery/bench-gallery`;
    const queries = await roundTrips(page);
    rows.push({
      measure: "database round trips for /gallery/:slug",
      value: String(queries),
      budget: "<= 2",
      ok: queries <= 2,
    });
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
    const webpOnly = await pageWeight(page, { rewrite: withoutAvif });
    const before = await pageWeight(page, {
      rewrite: (html) =>
        withoutAvif(html).replace(/sizes="\(min-width: 1280px\) 293px[^"]*"/g, `sizes="${COVER_SIZES_BEFORE}"`),
    });
    for (const [label, base] of [
      ["the same page WebP only", webpOnly.images],
      ["the page before AVIF (WebP only, covers sized 25vw)", before.images],
    ] as const) {
      rows.push({
        measure: `image bytes on /gallery/:slug with AVIF vs ${label}`,
        value: `${kb(weight.images)} vs ${kb(base)} (${((weight.images / base) * 100).toFixed(1)}%)`,
        budget: "<= 60%",
        ok: weight.images <= 0.6 * base,
      });
    }
    await load(page, 1, 2, RENDERED); // warm-up
    const single = await load(page, 1, 5, RENDERED);
    rows.push({ measure: "/gallery/:slug render, p95 (1 connection)", value: `${single.p95.toFixed(1)} ms` });
    const loaded = await load(page, 10, 6, RENDERED);
    rows.push({
      measure: "/gallery/:slug rendered under autocannon (10 connections, 6 s): requests/s, p95",
      value: `${loaded.rps.toFixed(0)} req/s, p95 ${loaded.p95.toFixed(1)} ms${loaded.errors ? `, ${loaded.errors} errors` : ""}`,
    });
  } finally {
    await server.stop();
  }
  return rows;
}
