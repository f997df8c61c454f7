import * as images from "../../../fixtures/images/generate";
import { storeTestPicture } from "../seed-images";
import type { Seed } from "../server";

/** Ids of their own on the shared server (6…: no other seed uses them). */
const id = (prefix: string, n: number) => `${prefix}6000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
export const CARDS = 6;

/** public-images.spec: a published gallery of six photo-like projects, the first with five renders more. */
export const seedPublicImages: Seed = async ({ dataDir, db }) => {
  await db.exec(`
      insert into clients (id, name) values ('${id("c", 1)}', 'Photo Client');
      insert into galleries (id, name, slug, is_published) values ('${id("d", 1)}', 'Photos', 'photos', true);`);
  for (let n = 1; n <= CARDS; n++) {
    await db.query(
      `insert into projects (id, title, project_name, client_id, status, show_in_gallery)
         values ($1, $2, $3, $4, 'completed', true)`,
      [id("a", n), `Photo project ${n}`, `photo-project-${n}`, id("c", 1)],
    );
    await db.query(`insert into gallery_projects (gallery_id, project_id, display_order) values ($1, $2, $3)`, [
      id("d", 1),
      id("a", n),
      n,
    ]);
    // Photo-like pixels: the pipeline keeps their AVIFs (smaller than the WebPs).
    const photo = await storeTestPicture(
      dataDir,
      (ext) => `project-files/${id("a", n)}/photos_completed/${n}-photo.${ext}`,
      "photo 900x675",
      () => images.jpeg(900, 675),
    );
    await db.query(
      `insert into project_images (project_id, storage_key, width, height, display_order, image_category, is_featured)
         values ($1, $2, $3, $4, 0, 'photos_completed', true)`,
      [id("a", n), photo.key, photo.width, photo.height],
    );
  }
  // A project page with a row and more.
  for (let i = 0; i < 5; i++) {
    const photo = await storeTestPicture(
      dataDir,
      (ext) => `project-files/${id("a", 1)}/3d_renders/${i}-render.${ext}`,
      "photo 800x600",
      () => images.jpeg(800, 600),
    );
    await db.query(
      `insert into project_images (project_id, storage_key, width, height, display_order, image_category)
         values ($1, $2, $3, $4, $5, '3d_renders')`,
      [id("a", 1), photo.key, photo.width, photo.height, i],
    );
  }
};
