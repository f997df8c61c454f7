// Pictures on the public pages: AVIF offered before WebP, the first row loaded
// at once and ahead of the rest, every other picture lazily, all sized so
// nothing shifts.
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { seededSharedServer } from "./support/isolated";
import { CARDS } from "./support/seeds/public-images";

const server = seededSharedServer();

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
