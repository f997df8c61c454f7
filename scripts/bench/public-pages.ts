// Public pages on a database of 500 projects and 10,000 image rows, one
// project with 30 real images, and a published gallery of 24 of them. Reports
// for the project page the JavaScript and image bytes a visitor downloads, the
// database round trips, render latency (one connection) and render throughput
// (ten connections); then every public page from the app (render cache) next
// to a bare Node server returning the same bytes, and the cache's hit rate.
import { load, RENDERED, roundTrips } from "./load";
import { pageWeight } from "./page-weight";
import { benchPhotos, storePhoto } from "./photos";
import { seededServer } from "./seeded";
import { cacheHitRate, compareWithBareNode, comparisonRows, type Comparison } from "./side-by-side";
import { kb, type Row } from "./table";

const PROJECTS = 500;
const IMAGES = 10_000;
const BENCH_PROJECT = "b0000000-0000-4000-8000-000000000000";

const SEED = `
  insert into clients (id, name, location, website)
    select ('c0000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 'Client ' || n, 'Town ' || n, 'https://client' || n || '.example'
    from generate_series(1, 50) n;
  insert into projects (id, title, project_name, client_id, status, show_in_gallery, description, end_date,
      has_main_playground, main_playground_length, main_playground_width, main_playground_height, levels, sq_feet)
    select ('a0000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 'Project number ' || n, 'project-' || n,
      ('c0000000-0000-4000-8000-' || lpad((1 + n % 50)::text, 12, '0'))::uuid,
      (array['draft','planning','in_progress','completed','on_hold'])[1 + n % 5], n % 2 = 0,
      repeat('A playground with towers, slides and a sensory garden. ', 6), date '2024-01-01' + n,
      true, 20, 15, 12, 3, 300
    from generate_series(1, ${PROJECTS - 1}) n;
  insert into project_images (project_id, storage_key, width, height, caption, display_order, image_category)
    select ('a0000000-0000-4000-8000-' || lpad((1 + n % ${PROJECTS - 1})::text, 12, '0'))::uuid,
      'project-files/bench/' || n || '.jpg', 1600, 1200, 'Picture ' || n, n / ${PROJECTS - 1},
      (array['3d_renders','photos_installation','photos_completed'])[1 + n % 3]
    from generate_series(1, ${IMAGES - 30}) n;
  insert into playground_options (option_name) select 'Option ' || n from generate_series(1, 20) n;
  insert into project_options (project_id, option_id)
    select p.id, o.id from projects p cross join lateral (select id from playground_options order by random() limit 4) o;
  insert into projects (id, title, project_name, client_id, status, show_in_gallery, description, end_date,
      has_main_playground, main_playground_length, main_playground_width, main_playground_height, levels, sq_feet)
    values ('${BENCH_PROJECT}', 'Benchmark Adventure Park', 'bench-project', 'c0000000-0000-4000-8000-000000000001',
      'completed', true, 'The project the benchmark loads: thirty real pictures.', '2025-06-01', true, 30, 20, 14, 4, 600);
  insert into project_videos (project_id, title, youtube_url, youtube_id, display_order, video_category) values
    ('${BENCH_PROJECT}', 'Walk-through', 'https://youtu.be/abcdefghijk', 'abcdefghijk', 0, '3d_renders'),
    ('${BENCH_PROJECT}', 'Opening day', 'https://youtu.be/ABCDEFGHIJK', 'ABCDEFGHIJK', 0, 'real_videos');
  insert into galleries (id, name, slug, description, is_published)
    values ('d0000000-0000-4000-8000-000000000001', 'Benchmark Gallery', 'bench-gallery', 'Twenty-four listed projects.', true);
  insert into gallery_projects (gallery_id, project_id, display_order)
    select 'd0000000-0000-4000-8000-000000000001', id, row_number() over (order by id)
    from (select id from projects where show_in_gallery and status = 'completed' order by id limit 24) listed;
`;

/** Every public page of this data set, for the comparison with a bare server. */
const PAGES = [
  { label: "/", path: "/" },
  { label: "/:slug (30 images)", path: "/bench-project" },
  { label: "/projects", path: "/projects" },
  { label: "/projects/:id/preview", path: `/projects/${BENCH_PROJECT}/preview` },
  { label: "/projects/:id/dialog", path: `/projects/${BENCH_PROJECT}/dialog` },
  { label: "/gallery", path: "/gallery" },
  { label: "/gallery/:slug (24 cards)", path: "/gallery/bench-gallery" },
  { label: "/webview/:slug", path: "/webview/bench-gallery" },
  { label: `/sitemap.xml (${PROJECTS} projects)`, path: "/sitemap.xml" },
];

export async function benchPublicPages(): Promise<{ rows: Row[]; comparison: Comparison[] }> {
  let originals = 0;
  const server = await seededServer(
    async ({ dataDir, db }) => {
      await db.exec(SEED);
      const categories = ["3d_renders", "photos_installation", "photos_completed"];
      const photos = await benchPhotos(30);
      for (const [i, photo] of photos.entries()) {
        const category = categories[i % 3]!;
        const key = (ext: string) => `project-files/${BENCH_PROJECT}/${category}/${i}-bench.${ext}`;
        const image = await storePhoto(dataDir, key, photo);
        originals += image.bytes;
        await db.query(
          `insert into project_images (project_id, storage_key, width, height, caption, display_order, image_category, is_featured)
           values ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [
            BENCH_PROJECT,
            image.key,
            image.width,
            image.height,
            `Picture ${i + 1}`,
            Math.floor(i / 3),
            category,
            i === 0,
          ],
        );
      }
    },
    { LOG_LEVEL: "info" },
  );

  const rows: Row[] = [];
  let comparison: Comparison[] = [];
  try {
    const page = `${server.url}/bench-project`;
    const queries = await roundTrips(page);
    rows.push({ measure: "database round trips for /:slug", value: String(queries), budget: "<= 2", ok: queries <= 2 });

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

    await load(page, 1, 2, RENDERED); // warm-up
    const single = await load(page, 1, 6, RENDERED);
    rows.push({
      measure: `/:slug render, p95 (1 connection, ${PROJECTS} projects / ${IMAGES.toLocaleString("en-US")} images)`,
      value: `${single.p95.toFixed(1)} ms`,
      budget: "< 30 ms",
      ok: single.p95 < 30,
    });
    const loaded = await load(page, 10, 8, RENDERED);
    rows.push({
      measure: "/:slug rendered under autocannon (10 connections, 8 s): requests/s, p95",
      value: `${loaded.rps.toFixed(0)} req/s, p95 ${loaded.p95.toFixed(1)} ms${loaded.errors ? `, ${loaded.errors} errors` : ""}`,
    });

    comparison = await compareWithBareNode(server.url, PAGES);
    rows.push(...comparisonRows(`${PROJECTS} projects`, comparison));
  } finally {
    await server.stop();
    rows.push(cacheHitRate(server.output()));
  }
  return { rows, comparison };
}
