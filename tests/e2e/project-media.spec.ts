// Project Media on the project edit page: uploads with progress, reordering by
// keyboard and by mouse (kept after reload), captions as alt text, the
// featured image, deleting, and videos (the spec's messages, the facade).
import type { Page } from "@playwright/test";
import {
  dragByMouse,
  expect,
  expectNoSeriousA11yViolations,
  moveByKeyboard,
  nextActionResponse,
  test,
  toast,
  waitForHydration,
} from "./support/fixtures";
import { paddedJpeg, pngFile } from "./support/images";
import { useIsolatedServer } from "./support/isolated";
import { makeStoredImage } from "./support/seed-images";
import type { Seed } from "./support/server";

const CLIENT = "c5555555-5555-4555-8555-555555555555";
const OTHER_PROJECT = "a6666666-6666-4666-8666-666666666666";
const OTHER_IMAGE = "b6666666-6666-4666-8666-666666666666";
const ALT_PROJECT = "a7777777-7777-4777-8777-777777777777";

/**
 * Each test's own project, with the 3D renders it starts from (a caption where
 * one is given), so no test needs another's uploads or sees its changes.
 */
const PROJECTS = {
  emptyTabs: { id: "a5000001-5555-4555-8555-555555555555", renders: [] },
  upload: { id: "a5000002-5555-4555-8555-555555555555", renders: [] },
  keyboardReorder: { id: "a5000004-5555-4555-8555-555555555555", renders: [null, null, null] },
  refusedReorder: { id: "a5000006-5555-4555-8555-555555555555", renders: [null, null, null] },
  caption: { id: "a5000007-5555-4555-8555-555555555555", renders: [null, null, null] },
  featured: { id: "a5000008-5555-4555-8555-555555555555", renders: [null, null, null] },
  deleteImage: { id: "a5000009-5555-4555-8555-555555555555", renders: [null, "Spiral slide", null] },
  uploadTab: { id: "a5000010-5555-4555-8555-555555555555", renders: [null, null] },
  videos: { id: "a5000011-5555-4555-8555-555555555555", renders: [] },
  mobile: { id: "a5000012-5555-4555-8555-555555555555", renders: [null, null] },
} satisfies Record<string, { id: string; renders: (string | null)[] }>;

const seed: Seed = async ({ dataDir, make }) => {
  const client = await make.client({ id: CLIENT, name: "Lakeside Council" });
  for (const [name, { id, renders }] of Object.entries(PROJECTS)) {
    await make.project({ id, title: `Lakeside ${name}`, clientId: client.id });
    for (const [displayOrder, caption] of renders.entries()) {
      await makeStoredImage(dataDir, make, { projectId: id, imageCategory: "3d_renders", displayOrder, caption });
    }
  }
  await make.project({ id: OTHER_PROJECT, title: "Harbour play tower", clientId: client.id });
  await makeStoredImage(dataDir, make, { id: OTHER_IMAGE, projectId: OTHER_PROJECT, imageCategory: "3d_renders" });
  // Images without captions: named by project, kind and place.
  await make.project({ id: ALT_PROJECT, title: "Willow Walk", clientId: client.id });
  for (const displayOrder of [0, 1]) {
    await make.image({ projectId: ALT_PROJECT, imageCategory: "3d_renders", displayOrder });
  }
  await make.image({ projectId: ALT_PROJECT, imageCategory: "photos_installation", caption: "Crane day" });
};

const MISSING = "Missing information: Please provide both title and YouTube URL";

function panel(page: Page) {
  return page.getByRole("tabpanel");
}

/** The grid of the open image tab. */
function grid(page: Page) {
  return panel(page).getByRole("list", { name: /images, in display order/ });
}

/** Each image of the open tab by its file (the variant URL), in the order shown. */
async function shownImages(page: Page): Promise<string[]> {
  return grid(page)
    .locator("img")
    .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).getAttribute("src") ?? ""));
}

async function openTab(page: Page, name: string) {
  await page.getByRole("tab", { name: new RegExp(`^${name}`) }).click();
  await expect(page.getByRole("tab", { name: new RegExp(`^${name}`) })).toHaveAttribute("aria-selected", "true");
}

test.describe("project media", () => {
  const server = useIsolatedServer({ seed });
  test.beforeEach(async ({ page }) => server.signIn(page));
  const editUrl = (project: { id: string }) => `${server.url}/admin/projects/${project.id}/edit`;

  test("empty tabs say how to start", async ({ page }) => {
    await page.goto(editUrl(PROJECTS.emptyTabs));
    await expect(page.getByRole("heading", { name: "Project Media" })).toBeVisible();
    const tabs = page.getByRole("tablist", { name: "Media type" }).getByRole("tab");
    await expect(tabs).toHaveText([
      /^3D Renders\s*0/,
      /^Photos - Installation\s*0/,
      /^Photos - Completed\s*0/,
      /^Videos\s*0/,
    ]);
    for (const name of ["3D Renders", "Photos - Installation", "Photos - Completed"]) {
      await openTab(page, name);
      await expect(panel(page).getByText("No images in this gallery yet")).toBeVisible();
      await expect(panel(page).getByText("Upload images to get started")).toBeVisible();
      await expect(panel(page).getByRole("button", { name: `Upload images to ${name}` })).toBeVisible();
    }
    // The three image tabs are one component in one state: scanned once.
    await expectNoSeriousA11yViolations(page, "empty image tab");
    await openTab(page, "Videos");
    await expect(panel(page).getByText("No videos yet")).toBeVisible();
    await expectNoSeriousA11yViolations(page, "empty Videos tab");
  });

  test("several images upload at once, each with its own progress", async ({ page }) => {
    // Its own waits allow 20 s for the slowed uploads and 20 s for the grid: past a test's 30 s.
    test.slow();
    await page.goto(editUrl(PROJECTS.upload));
    const files = await Promise.all([
      // Big enough to watch their progress at 200 kB/s, few pixels to encode.
      paddedJpeg("slide.jpg", 440_000, 480, 360),
      paddedJpeg("tower.jpg", 350_000, 420, 315),
      paddedJpeg("bridge.jpg", 280_000, 360, 270),
    ]);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 20,
      downloadThroughput: 10_000_000,
      uploadThroughput: 200_000,
    });
    await panel(page).locator('input[type="file"]').setInputFiles(files);
    const uploads = panel(page).getByRole("list", { name: "Uploads" });
    await expect(uploads.getByRole("progressbar")).toHaveCount(3);
    for (const name of ["slide.jpg", "tower.jpg", "bridge.jpg"]) {
      const bar = uploads.getByRole("progressbar", { name: `Uploading ${name}` });
      await expect
        .poll(async () => Number((await bar.getAttribute("aria-valuenow").catch(() => null)) ?? 100), {
          timeout: 20_000,
        })
        .toBeGreaterThan(0);
    }
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await expect(toast(page, "Image uploaded successfully")).toBeVisible({ timeout: 20_000 });
    await expect(grid(page).getByRole("listitem")).toHaveCount(3, { timeout: 20_000 });
    await expect(uploads).toHaveCount(0);
    await expect(page.getByRole("tab", { name: /^3D Renders/ })).toHaveText(/3D Renders\s*3/);
    await expect(grid(page).locator("img").first()).toHaveAttribute("srcset", /_w320\.webp 320w/);
    // In the order they were picked (told apart by their widths), whichever finished first.
    const widths = await grid(page)
      .locator("img")
      .evaluateAll((pictures) => pictures.map((picture) => /(\d+)w$/.exec(picture.getAttribute("srcset") ?? "")?.[1]));
    expect(widths).toEqual(["480", "420", "360"]);
    await expectNoSeriousA11yViolations(page, "3D Renders with images");
  });

  test("reorder by keyboard (Space, ArrowRight, Space), then by mouse drag; the order stays after reload", async ({
    page,
  }) => {
    // The grid is rendered on the server: hydrating it must not disagree (dnd-kit's ids).
    const reactErrors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && /hydrat|did not match|react/i.test(message.text()))
        reactErrors.push(message.text());
    });
    await page.goto(editUrl(PROJECTS.keyboardReorder));
    await waitForHydration(page);
    const before = await shownImages(page);
    expect(before).toHaveLength(3);
    const saved = nextActionResponse(page);
    await moveByKeyboard(page, grid(page).getByRole("button", { name: "Reorder image 1" }), {
      item: "image 1",
      key: "ArrowRight",
      to: 2,
      of: 3,
    });
    await expect.poll(() => shownImages(page)).toEqual([before[1], before[0], before[2]]);
    await saved;

    // The section sits below the project form: bring the grid on screen before pointing at it.
    await grid(page).scrollIntoViewIfNeeded();
    const dragged = nextActionResponse(page);
    await dragByMouse(
      page,
      grid(page).getByRole("button", { name: "Reorder image 3" }),
      grid(page).getByRole("listitem").first(),
      { item: "image 3", to: 1, of: 3 },
    );
    const expected = [before[2], before[1], before[0]];
    await expect.poll(() => shownImages(page)).toEqual(expected);
    await dragged;
    await page.reload();
    await expect.poll(() => shownImages(page)).toEqual(expected);
    expect(reactErrors).toEqual([]);
  });

  test("a refused reorder says 'Error reordering images' and the grid snaps back", async ({ page }) => {
    await page.goto(editUrl(PROJECTS.refusedReorder));
    await waitForHydration(page);
    const before = await shownImages(page);
    // The post is changed on its way to name another project's image, which the server refuses.
    await page.route("**/media.data*", async (route) => {
      const request = route.request();
      // A live-update reload of the page is not the reorder being tampered with.
      if (request.method() !== "POST") return route.fallback();
      const body = request.postData() ?? "";
      expect(request.headers()["content-type"]).toContain("application/x-www-form-urlencoded");
      await route.continue({ postData: `${body}&ids=${OTHER_IMAGE}` });
    });
    await moveByKeyboard(page, grid(page).getByRole("button", { name: "Reorder image 1" }), {
      item: "image 1",
      key: "ArrowRight",
      to: 2,
      of: 3,
    });
    await expect(toast(page, "Error reordering images")).toContainText(
      "Only this gallery's images can be reordered here.",
    );
    await expect.poll(() => shownImages(page)).toEqual(before);
    await page.unroute("**/media.data*");
    await page.reload();
    expect(await shownImages(page)).toEqual(before);
  });

  test("a caption becomes the image's alt text; an alt text of its own wins", async ({ page }) => {
    await page.goto(editUrl(PROJECTS.caption));
    const alt = grid(page).getByRole("textbox", { name: "Alt text for image 1" });
    await expect(alt).toHaveAttribute("placeholder", "Alt text");
    const caption = grid(page).getByRole("textbox", { name: "Caption for image 1" });
    await caption.fill("Rope bridge at dusk");
    await caption.press("Enter");
    await expect(grid(page).getByRole("img", { name: "Rope bridge at dusk" })).toBeVisible();
    await expect(alt).toHaveAttribute("placeholder", "Alt text: same as the caption");
    await expect(grid(page).getByRole("button", { name: "Reorder Rope bridge at dusk" })).toBeVisible();
    await page.reload();
    await expect(grid(page).getByRole("textbox", { name: "Caption for image 1" })).toHaveValue("Rope bridge at dusk");
    await expect(grid(page).locator("img").first()).toHaveAttribute("alt", "Rope bridge at dusk");

    // Leaving the field saves too.
    const second = grid(page).getByRole("textbox", { name: "Caption for image 2" });
    await second.fill("Spiral slide");
    let saved = nextActionResponse(page);
    await second.blur();
    await expect(grid(page).getByRole("img", { name: "Spiral slide" })).toBeVisible();
    await saved;

    // An alt text of its own is its own field, kept beside the caption.
    await alt.fill("A rope bridge between two timber towers");
    saved = nextActionResponse(page);
    await alt.press("Enter");
    await expect(grid(page).getByRole("img", { name: "A rope bridge between two timber towers" })).toHaveCount(1);
    await saved;
    await page.reload();
    await expect(alt).toHaveValue("A rope bridge between two timber towers");
    await expect(caption).toHaveValue("Rope bridge at dusk");
  });

  test("one featured image: choosing another moves it, pressing it again clears it", async ({ page }) => {
    await page.goto(editUrl(PROJECTS.featured));
    const star = (n: number) =>
      grid(page).getByRole("listitem").nth(n).getByRole("button", { name: "Set as featured image" });
    let saved = nextActionResponse(page);
    await star(1).click();
    await expect(star(1)).toHaveAttribute("aria-pressed", "true");
    await expect(grid(page).getByRole("listitem").nth(1).getByText("Featured", { exact: true })).toBeVisible();
    await saved;
    saved = nextActionResponse(page);
    await star(0).click();
    await expect(star(0)).toHaveAttribute("aria-pressed", "true");
    await expect(star(1)).toHaveAttribute("aria-pressed", "false");
    await saved;
    await page.reload();
    await expect(star(0)).toHaveAttribute("aria-pressed", "true");
    await expect(grid(page).getByText("Featured", { exact: true })).toHaveCount(1);
    saved = nextActionResponse(page);
    await star(0).click();
    await expect(star(0)).toHaveAttribute("aria-pressed", "false");
    await saved;
    await page.reload();
    await expect(grid(page).getByText("Featured", { exact: true })).toHaveCount(0);
  });

  test("delete an image after confirming", async ({ page }) => {
    await page.goto(editUrl(PROJECTS.deleteImage));
    await waitForHydration(page);
    const before = await shownImages(page);
    await grid(page).getByRole("button", { name: "Delete Spiral slide" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm.getByRole("heading", { name: "Delete this image?" })).toBeVisible();
    await expect(confirm).toContainText('"Spiral slide" will be permanently deleted from 3D Renders.');
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(grid(page).getByRole("listitem")).toHaveCount(3);

    await grid(page).getByRole("button", { name: "Delete Spiral slide" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Image deleted successfully")).toBeVisible();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await expect(grid(page).getByRole("listitem")).toHaveCount(2);
    await expect(page.getByRole("tab", { name: /^3D Renders/ })).toHaveText(/3D Renders\s*2/);
    await page.reload();
    expect(await shownImages(page)).toEqual(before.filter((_, i) => i !== 1));
  });

  test("a file that is not an image: 'Error uploading image' with the server's message; images go to the tab they were uploaded in", async ({
    page,
  }) => {
    await page.goto(editUrl(PROJECTS.uploadTab));
    await panel(page)
      .locator('input[type="file"]')
      .setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("not really a png") });
    await expect(toast(page, "Error uploading image")).toContainText(
      "This file is not a supported image. Use JPEG, PNG, WebP, AVIF or GIF.",
    );
    await panel(page).getByRole("button", { name: "Dismiss error for notes.png" }).click();
    await expect(grid(page).getByRole("listitem")).toHaveCount(2);

    await openTab(page, "Photos - Completed");
    await panel(page)
      .locator('input[type="file"]')
      .setInputFiles(await pngFile("done.png", 800, 600));
    await expect(toast(page, "Image uploaded successfully")).toBeVisible();
    await expect(grid(page).getByRole("listitem")).toHaveCount(1);
    await expect(page.getByRole("tab", { name: /^Photos - Completed/ })).toHaveText(/Photos - Completed\s*1/);
    await expect(page.getByRole("tab", { name: /^3D Renders/ })).toHaveText(/3D Renders\s*2/);
  });

  test("videos: a message on the dialog, then add, play, reorder and delete", async ({ page }) => {
    await page.goto(editUrl(PROJECTS.videos));
    await openTab(page, "Videos");
    await panel(page).getByRole("button", { name: "Add Video" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Video" });
    await expect(dialog.getByLabel("Category")).toHaveValue("3d_renders");
    await expect(dialog.getByLabel("Category").locator("option")).toHaveText(["3D Renders", "Real Videos"]);

    await dialog.getByRole("button", { name: "Add Video" }).click();
    await expect(dialog.getByText(MISSING)).toBeVisible();
    await expect(toast(page, "Error adding video")).toContainText(MISSING);
    await expect(dialog.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");
    await expectNoSeriousA11yViolations(page, "Add Video dialog with errors");

    await dialog.getByLabel("Title").fill("Trail fly-through");
    await dialog.getByLabel("YouTube URL").fill("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    await dialog.getByRole("button", { name: "Add Video" }).click();
    await expect(toast(page, "Video added successfully")).toBeVisible();
    await expect(dialog).toHaveCount(0);

    await panel(page).getByRole("button", { name: "Add Video" }).click();
    await dialog.getByLabel("Title").fill("Opening day");
    await dialog.getByLabel("YouTube URL").fill("youtu.be/aBcDeFgHiJk");
    await dialog.getByLabel("Category").selectOption("real_videos");
    await dialog.getByRole("button", { name: "Add Video" }).click();
    await expect(dialog).toHaveCount(0);

    const videos = panel(page).getByRole("list", { name: "Videos, in display order" });
    await expect(videos.getByRole("listitem")).toHaveCount(2);
    await expect(videos.getByRole("listitem").nth(0)).toContainText("Trail fly-through");
    await expect(videos.getByRole("listitem").nth(0)).toContainText("3D Renders");
    await expect(videos.getByRole("listitem").nth(1)).toContainText("Opening day");
    await expect(videos.getByRole("listitem").nth(1)).toContainText("Real Videos");
    await expect(page.getByRole("tab", { name: /^Videos/ })).toHaveText(/Videos\s*2/);
    await expectNoSeriousA11yViolations(page, "Videos tab");

    // The facade loads the player only when asked.
    await expect(videos.locator("iframe")).toHaveCount(0);
    await videos.getByRole("button", { name: "Play video: Opening day" }).click();
    const player = videos.locator('iframe[title="Opening day"]');
    await expect(player).toBeAttached();
    await expect(player).toHaveAttribute("src", "https://www.youtube-nocookie.com/embed/aBcDeFgHiJk?autoplay=1");

    // Keyboard reorder, kept after reload.
    await waitForHydration(page);
    const reordered = nextActionResponse(page);
    await moveByKeyboard(page, videos.getByRole("button", { name: "Reorder Trail fly-through" }), {
      item: "Trail fly-through",
      key: "ArrowRight",
      to: 2,
      of: 2,
    });
    await expect(videos.getByRole("listitem").nth(0)).toContainText("Opening day");
    await reordered;
    await page.reload();
    await openTab(page, "Videos");
    await expect(videos.getByRole("listitem").nth(0)).toContainText("Opening day");
    await expect(videos.getByRole("listitem").nth(1)).toContainText("Trail fly-through");

    await videos.getByRole("button", { name: "Delete Opening day" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm.getByRole("heading", { name: 'Delete "Opening day"?' })).toBeVisible();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Video deleted successfully")).toBeVisible();
    await expect(videos.getByRole("listitem")).toHaveCount(1);
    await expect(videos.getByRole("listitem").first()).toContainText("Trail fly-through");
  });

  test("the grid at 390 px: two columns, nothing wider than the screen", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(editUrl(PROJECTS.mobile));
    const items = grid(page).getByRole("listitem");
    await expect(items).toHaveCount(2);
    const [first, second] = [await items.nth(0).boundingBox(), await items.nth(1).boundingBox()];
    expect(Math.abs(first!.y - second!.y)).toBeLessThan(2);
    expect(second!.x).toBeGreaterThan(first!.x + first!.width - 1);
    expect(second!.x + second!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
  test("an image without a caption is named by project, kind and place, as on the public pages", async ({ page }) => {
    await page.goto(editUrl({ id: ALT_PROJECT }));
    const renders = page.getByRole("list", { name: "3D Renders images, in display order" });
    await expect(renders.locator("img")).toHaveCount(2);
    await expect(renders.getByRole("img", { name: "Willow Walk, 3D render 1", exact: true })).toBeAttached();
    await expect(renders.getByRole("img", { name: "Willow Walk, 3D render 2", exact: true })).toBeAttached();
    // No image in the grid is hidden from screen readers.
    await expect(page.locator('[aria-label$="in display order"] img[alt=""]')).toHaveCount(0);
    // A caption still wins.
    await page.getByRole("tab", { name: /Photos - Installation/ }).click();
    const installation = page.getByRole("list", { name: "Photos - Installation images, in display order" });
    await expect(installation.getByRole("img", { name: "Crane day", exact: true })).toBeVisible();
  });
});
