// Pictures on the public pages: AVIF offered before WebP, the first row loaded
// at once and ahead of the rest, every other picture lazily, all sized so
// nothing shifts.
import path from "node:path";
import { Readable } from "node:stream";
import type { Page } from "@playwright/test";
import { ingestImage } from "~/.server/images/ingest";
import { createLocalStorage } from "~/.server/storage";
import * as images from "../fixtures/images/generate";
import { expect, test } from "./support/fixtures";
import { useIsolatedServer } from "./support/isolated";

const id = (prefix: string, n: number) => `${prefix}0000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const CARDS = 6;

const server = useIsolatedServer({
  async seed({ dataDir, db }) {
    const storage = createLocalStorage({ root: path.join(dataDir, "uploads") });
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
      const photo = await ingestImage(Readable.from([await images.jpeg(900, 675)]), {
        maxBytes: 25 * 1024 * 1024,
        key: (ext) => `project-files/${id("a", n)}/photos_completed/${n}-photo.${ext}`,
        storage,
      });
      await db.query(
        `insert into project_images (project_id, storage_key, width, height, display_order, image_category, is_featured)
         values ($1, $2, $3, $4, 0, 'photos_completed', true)`,
        [id("a", n), photo.key, photo.width, photo.height],
      );
    }
    // A project page with a row and more.
    for (let i = 0; i < 5; i++) {
      const photo = await ingestImage(Readable.from([await images.jpeg(800, 600)]), {
        maxBytes: 25 * 1024 * 1024,
        key: (ext) => `project-files/${id("a", 1)}/3d_renders/${i}-render.${ext}`,
        storage,
      });
      await db.query(
        `insert into project_images (project_id, storage_key, width, height, display_order, image_category)
         values ($1, $2, $3, $4, $5, '3d_renders')`,
        [id("a", 1), photo.key, photo.width, photo.height, i],
      );
    }
  },
});

async function pictures(url: string, page: Page) {
  await page.goto(url);
  return page.locator("main picture").evaluateAll((list) =>
    list.map((picture) => {
      const img = picture.querySelector("img")!;
      const sources = [...picture.querySelectorAll("source")].map((s) => s.getAttribute("type"));
      return {
        sources,
        avif: picture.querySelector('source[type="image/avif"]')?.getAttribute("srcset") ?? "",
        loading: img.getAttribute("loading"),
        priority: img.getAttribute("fetchpriority"),
        sized: Number(img.getAttribute("width")) > 0 && Number(img.getAttribute("height")) > 0,
      };
    }),
  );
}

test("a gallery: AVIF first, the first row (four cards) at once and first, the rest lazy, all sized", async ({
  page,
}) => {
  const shown = await pictures(`${server.url}/gallery/photos`, page);
  expect(shown).toHaveLength(CARDS);
  for (const [i, picture] of shown.entries()) {
    expect(picture.sources, `card ${i + 1}`).toEqual(["image/avif"]);
    expect(picture.avif).toMatch(/_avif_w320\.avif 320w, .*_avif_w640\.avif 640w/);
    expect(picture.sized).toBe(true);
    expect([picture.loading, picture.priority], `card ${i + 1}`).toEqual(i < 4 ? ["eager", "high"] : ["lazy", null]);
  }
  // The browser takes the AVIF.
  const loaded = await page
    .locator("main picture img")
    .first()
    .evaluate((img: HTMLImageElement) => img.currentSrc);
  expect(loaded).toMatch(/\.avif$/);
});

test("a project page: the hero at once and first, the rest lazy", async ({ page }) => {
  const shown = await pictures(`${server.url}/photo-project-1`, page);
  await expect(page.getByRole("main")).toHaveCount(1);
  // The hero (the featured photo), render versus reality (two), five renders and one completed photo.
  expect(shown.map((p) => [p.loading, p.priority])).toEqual([
    ["eager", "high"],
    ...Array.from({ length: 8 }, () => ["lazy", null]),
  ]);
  expect(shown.every((p) => p.sized && p.sources.includes("image/avif"))).toBe(true);
});
