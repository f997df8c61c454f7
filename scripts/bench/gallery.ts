// The embedded gallery page (data/gallery.sql): 24 projects, each with a photograph and a client logo.
import { benchPhotos, kb, pageWeight, renderRow, roundTrips, type Row, seededServer, storePhoto } from "./lib";

const PROJECTS = 24;
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
    const weight = await pageWeight(page, `/gallery/:slug (${PROJECTS} projects)`, 10);
    return [
      await roundTrips(page, "/gallery/:slug"),
      weight.row,
      {
        measure: `image bytes on /gallery/:slug (${PROJECTS} photos and logos, 1366 px wide) vs stored originals (778×584 photos)`,
        value: `${kb(weight.images)} of ${kb(originals)} (${((weight.images / originals) * 100).toFixed(1)}%)`,
      },
      await renderRow("/gallery/:slug", page),
    ];
  } finally {
    await server.stop();
  }
}
