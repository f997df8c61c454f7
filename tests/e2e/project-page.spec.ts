// The public project page: its sections, the preview, headers, and embedding
// in a page of another origin.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { startParentPage } from "../../scripts/lib/parent-page";
import { embedSnippet } from "~/lib/embed-snippet";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { seededSharedServer } from "./support/isolated";
import { layoutShiftSoFar } from "./support/layout-shift";
import { NAMELESS } from "./support/seeds/project-page";

const server = seededSharedServer();

test.describe("public project page", () => {
  test("shows every section the project has, in the spec's words", async ({ page }) => {
    const response = await page.goto(`${server.url}/sunny-meadow`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Sunny Meadow Play Trail" })).toBeVisible();
    const hero = page.locator("article > header");
    await expect(hero).toContainText("Meadow Council");
    await expect(hero).toContainText("Installed March 07, 2025");
    const facts = page.getByRole("complementary", { name: "Project Facts" });
    // The value (dd) after its label (dt).
    const fact = (label: string) => facts.locator(`xpath=.//dt[normalize-space()="${label}"]/following-sibling::dd[1]`);
    await expect(fact("Client")).toHaveText("Meadow Council");
    await expect(fact("Sector")).toHaveText("Parks & Recreation");
    await expect(fact("Location")).toHaveText("Harrogate, UK");
    await expect(fact("Installed")).toHaveText("March 07, 2025");
    await expect(fact("Total play area")).toHaveText("430.25 sq ft");
    await expect(fact("Levels")).toHaveText("3");
    await expect(facts.getByRole("img", { name: "Meadow Council logo" })).toBeVisible();
    const website = page.getByRole("link", { name: /meadow\.example/ });
    await expect(website).toHaveAttribute("href", "https://meadow.example");
    await expect(website).toHaveAttribute("target", "_blank");

    const videos = page.getByRole("link", { name: /^Play video:/ });
    await expect(videos).toHaveCount(2);
    await expect(videos.first()).toHaveAccessibleName("Play video: Render walk-through");

    const details = page.getByRole("region", { name: "Project Details" });
    await expect(details.getByRole("heading", { name: "Main Playground" })).toBeVisible();
    await expect(details).toContainText("20 x 15.5 x 12 ft");
    await expect(details).toContainText("310 sq ft");
    await expect(details.getByRole("heading", { name: "Toddler Zone" })).toBeVisible();
    await expect(details).toContainText("120.25 sq ft");
    await expect(details.getByRole("heading", { name: "Sport Court" })).toHaveCount(0);

    await expect(facts.getByRole("region", { name: "Playground Options" }).getByRole("listitem")).toHaveText([
      "Basket Swing",
      "climbing wall",
      "Zip Line",
    ]);
    for (const [name, count] of [
      ["3D Renders", 2],
      ["Installation", 3],
      ["Completed", 1],
    ] as const) {
      await expect(page.getByRole("region", { name }).getByRole("link", { name: /^Open larger/ })).toHaveCount(count);
    }
    await expect(page.locator('img[srcset*="_w640.webp 640w"]').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("no staff-only field reaches the HTML, and no React bundle loads", async ({ request }) => {
    const html = await (await request.get(`${server.url}/sunny-meadow`)).text();
    expect(html).not.toContain("98765");
    expect(html).not.toContain("SECRET-CLIENT-NOTE");
    expect(html).not.toMatch(/created_?by/i);
    expect(html).not.toMatch(/<script[^>]+src=/);
    expect(html).not.toContain("modulepreload");
  });

  test("the lightbox: mouse, keyboard, Escape, and focus back", async ({ page }) => {
    await page.goto(`${server.url}/sunny-meadow`);
    const first = page.getByRole("link", { name: "Open larger: 3d_renders 1" });
    await first.click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("3d_renders 1 (1 of 2)");
    await expect(dialog.getByRole("img")).toHaveAttribute("src", /_w1600\.webp$/);
    await page.keyboard.press("ArrowRight");
    await expect(dialog).toContainText("3d_renders 2 (2 of 2)");
    // Each section is its own lightbox: it wraps around within the section.
    await dialog.getByRole("button", { name: "Next" }).click();
    await expect(dialog).toContainText("3d_renders 1 (1 of 2)");
    await page.keyboard.press("ArrowLeft");
    await expect(dialog).toContainText("3d_renders 2 (2 of 2)");
    const box = await dialog.boundingBox();
    expect(box!.width).toBeGreaterThan(800); // about 5xl wide on a desktop
    await expectNoSeriousA11yViolations(page, "preview dialog");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(first).toBeFocused();
  });

  test("the lightbox by touch at 390 px: a swipe moves through the section", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto(`${server.url}/sunny-meadow`);
    const first = page.getByRole("link", { name: "Open larger: 3d_renders 1" });
    await first.scrollIntoViewIfNeeded();
    await first.tap();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("3d_renders 1 (1 of 2)");
    // A finger across the picture (once it has its size), as the touch screen sends it.
    const cdp = await context.newCDPSession(page);
    const picture = dialog.getByRole("img");
    const swipe = async (from: number, to: number) => {
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeTruthy();
      const box = (await picture.boundingBox())!;
      const y = box.y + box.height / 2;
      const at = (share: number) => ({ x: box.x + box.width * share, y });
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [at(from)] });
      for (const step of [0.25, 0.5, 0.75, 1]) {
        await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [at(from + (to - from) * step)] });
      }
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    };
    await swipe(0.9, 0.1); // to the left: the next picture
    await expect(dialog).toContainText("3d_renders 2 (2 of 2)");
    await swipe(0.1, 0.9); // to the right: back
    await expect(dialog).toContainText("3d_renders 1 (1 of 2)");
    await swipe(0.5, 0.45); // a small move is not a swipe
    await expect(dialog).toContainText("3d_renders 1 (1 of 2)");
    // Once in a clean-clone CI run the browser's gesture recogniser made no click of
    // this tap (the dialog stayed open for 7 s; 12 runs under load did not repeat it).
    // A person taps again: so does the test, and it still fails if a tap never closes.
    await expect(async () => {
      if (await dialog.isVisible()) await dialog.getByRole("button", { name: "Close" }).tap();
      await expect(dialog).toBeHidden({ timeout: 2_000 });
    }).toPass({ timeout: 10_000 });
    await context.close();
  });

  test("a video plays in the lightbox from youtube-nocookie; the others wait behind their play button", async ({
    page,
  }) => {
    await page.goto(`${server.url}/sunny-meadow`);
    // Nothing leaves for YouTube in this test: the player's address is what counts.
    await page.route(/youtube-nocookie\.com|ytimg\.com/, (route) => route.fulfill({ status: 204, body: "" }));
    const opener = page.getByRole("link", { name: "Play video: Opening day" });
    await opener.click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("Opening day (2 of 2)");
    const player = dialog.locator('iframe[title="Opening day"]');
    await expect(player).toHaveAttribute("src", "https://www.youtube-nocookie.com/embed/abcdefghijk?autoplay=1");
    await dialog.getByRole("button", { name: "Previous" }).click();
    await expect(dialog).toContainText("Render walk-through (1 of 2)");
    await expect(dialog.locator("iframe")).toHaveCount(0);
    const play = dialog.getByRole("button", { name: "Play video: Render walk-through" });
    await expect(play).toBeFocused();
    await expectNoSeriousA11yViolations(page, "video lightbox");
    await page.keyboard.press("Enter");
    await expect(dialog.locator('iframe[title="Render walk-through"]')).toHaveAttribute(
      "src",
      "https://www.youtube-nocookie.com/embed/ABCDEFGHIJK?autoplay=1",
    );
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator("iframe")).toHaveCount(0); // closing stops the player
    await expect(opener).toBeFocused();
  });

  test("a lightbox of one video has no Previous, Next or place in the section", async ({ page }) => {
    await page.route(/youtube-nocookie\.com|ytimg\.com/, (route) => route.fulfill({ status: 204, body: "" }));
    await page.goto(`${server.url}/solo-swing`);
    await page.getByRole("link", { name: "Play video: Only take" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.locator('iframe[title="Only take"]')).toHaveCount(1);
    await expect(dialog.getByRole("button", { name: "Close" })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Previous" })).toBeHidden();
    await expect(dialog.getByRole("button", { name: "Next" })).toBeHidden();
    await expect(dialog).not.toContainText("1 of 1");
    // An arrow key has nowhere to go: the video keeps playing.
    await page.keyboard.press("ArrowRight");
    await expect(dialog.locator('iframe[title="Only take"]')).toHaveCount(1);
    // The video lightbox is scanned once, above; this one is the same dialog without its arrows.
  });

  test("with JavaScript off the page is complete and pictures open as links", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/sunny-meadow`);
    await expect(page.getByRole("heading", { name: "Sunny Meadow Play Trail" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Installation" }).getByRole("img")).toHaveCount(3);
    await expect(page.getByRole("link", { name: "Open larger: photos_completed 1" })).toHaveAttribute(
      "href",
      /\/media\/project-files\/.*_w1600\.webp$/,
    );
    await expect(page.getByRole("link", { name: "Play video: Opening day" })).toHaveAttribute(
      "href",
      "https://www.youtube.com/watch?v=abcdefghijk",
    );
    await context.close();
  });

  test("a published project that is not listed is not indexed; a project without a name has its preview; a draft is not public", async ({
    page,
  }) => {
    await page.goto(`${server.url}/projects/${NAMELESS}/preview`);
    await expect(page.getByRole("heading", { name: "Nameless Nook" })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    const draft = await page.goto(`${server.url}/draft-den`);
    expect(draft?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Project not found" })).toBeVisible();
    await page.goto(`${server.url}/webview/sunny-meadow`);
    await expect(page.getByRole("heading", { name: "Sunny Meadow Play Trail" })).toBeVisible();
  });

  test("'Project not found' is a real 404", async ({ page }) => {
    for (const path of [
      "/no-such-project",
      `/projects/${crypto.randomUUID()}/preview`,
      "/projects/not-a-uuid/preview",
      "/webview/nope",
    ]) {
      const response = await page.goto(`${server.url}${path}`);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { name: "Project not found" })).toBeVisible();
    }
    await expectNoSeriousA11yViolations(page);
  });

  test("title, description, canonical, Open Graph and schema.org data", async ({ page }) => {
    await page.goto(`${server.url}/sunny-meadow`);
    await expect(page).toHaveTitle("Sunny Meadow Play Trail · Meadow Council | Project Library");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /woodland trail/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${server.url}/sunny-meadow`);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      /photos_completed\/.*_w1280\.webp$/,
    );
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(jsonLd).toMatchObject({
      "@type": "CreativeWork",
      name: "Sunny Meadow Play Trail",
      url: `${server.url}/sunny-meadow`,
    });
    expect(jsonLd.image).toHaveLength(6);
  });

  test("headers: framing allowed, CDN caching, ETag and 304; admin pages refuse framing", async ({ request }) => {
    const first = await request.get(`${server.url}/sunny-meadow`);
    expect(first.headers()["content-security-policy"]).toContain("; frame-ancestors *");
    expect(first.headers()["cache-control"]).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=600");
    const etag = first.headers()["etag"];
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await request.get(`${server.url}/sunny-meadow`, { headers: { "If-None-Match": etag! } });
    expect(again.status()).toBe(304);
    // At most two database round trips per public page, rendered now (one of the app's
    // cookies keeps the render cache, which makes no round trip, out of it).
    for (const path of [
      "/sunny-meadow",
      "/webview/sunny-meadow",
      `/projects/${NAMELESS}/preview`,
      "/no-such-project",
    ]) {
      const response = await request.get(`${server.url}${path}`, { headers: { Cookie: "playfolio.render=fresh" } });
      const timing = response.headers()["server-timing"];
      const queries = Number(/db;desc="(\d+) queries"/.exec(timing ?? "")?.[1]);
      expect(queries, path).toBeLessThanOrEqual(2);
    }
    const auth = await request.get(`${server.url}/auth`);
    expect(auth.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  });

  test("sitemap.xml lists listed projects only; robots.txt points at it", async ({ request }) => {
    const sitemap = await (await request.get(`${server.url}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${server.url}/sunny-meadow</loc>`);
    expect(sitemap).not.toContain("draft-den");
    expect(sitemap).not.toContain(NAMELESS);
    const robots = await (await request.get(`${server.url}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${server.url}/sitemap.xml`);
    expect(robots).toContain("Disallow: /admin");
  });
});

test.describe("embedded in another site", () => {
  let parent: http.Server;
  let parentUrl: string;

  test.beforeAll(async () => {
    // The company's own site: another origin, two frames, the embed script.
    parent = http.createServer((req, res) => {
      const app = server.url;
      res.setHeader("Content-Type", "text/html");
      res.end(`<!doctype html><html lang="en"><head><title>Our work</title></head><body style="margin:0">
        <h1>Our playgrounds</h1>
        <div style="height:1500px">spacer</div>
        <iframe id="one" src="${app}/sunny-meadow" width="100%" height="600" style="border:0" title="Sunny Meadow" data-loading-text="Loading project..."></iframe>
        <iframe id="two" src="${app}/projects/${NAMELESS}/preview" width="100%" height="600" style="border:0" title="Nameless"></iframe>
        <script src="${app}/embed.js" async></script>
        <script src="${app}/embed.js" async></script>
      </body></html>`);
    });
    await new Promise<void>((resolve) => parent.listen(0, "localhost", resolve));
    parentUrl = `http://localhost:${(parent.address() as AddressInfo).port}/`;
  });
  test.afterAll(() => new Promise<void>((resolve) => parent.close(() => resolve())));

  async function frameHeights(page: Page) {
    return page.evaluate(() =>
      ["one", "two"].map((id) =>
        Math.round((document.getElementById(id) as HTMLIFrameElement).getBoundingClientRect().height),
      ),
    );
  }

  test("the snippet's loading note lies over the frame: showing and removing it moves nothing", async ({ page }) => {
    const site = await startParentPage(
      () => `<!doctype html><title>Ours</title><body style="margin:0"><h1>Our work</h1>
        ${embedSnippet({ origin: server.url, path: "/sunny-meadow", title: "Sunny Meadow", loadingText: "Loading project..." })}</body>`,
    );
    try {
      await page.goto(site.url);
      await expect(page.frameLocator("iframe").getByRole("heading", { name: "Sunny Meadow Play Trail" })).toBeVisible();
      await expect(page.getByText("Loading project...")).toHaveCount(0);
      const shifts = await layoutShiftSoFar(page);
      expect(shifts).toBe(0);
    } finally {
      await site.close();
    }
  });

  test("each frame takes its own content's height; a foreign message is ignored", async ({ page }) => {
    await page.goto(parentUrl);
    const one = page.frameLocator("#one");
    const two = page.frameLocator("#two");
    await expect(one.getByRole("heading", { name: "Sunny Meadow Play Trail" })).toBeVisible();
    await expect(two.getByRole("heading", { name: "Nameless Nook" })).toBeVisible();
    const contentHeight = async (frame: string) =>
      page
        .frameLocator(frame)
        .locator("[data-embed-root]")
        .evaluate((el) => Math.ceil(el.getBoundingClientRect().bottom));
    const [expectedOne, expectedTwo] = [await contentHeight("#one"), await contentHeight("#two")];
    await expect.poll(() => frameHeights(page)).toEqual([expectedOne, expectedTwo]);
    expect(expectedOne).toBeGreaterThan(expectedTwo);
    expect(expectedTwo).not.toBe(600);
    await expect(page.getByText("Loading project...")).toHaveCount(0);

    // A message from this (foreign) origin must not resize anything.
    await page.evaluate(() => window.postMessage({ type: "resize", height: 42 }, "*"));
    await page.waitForTimeout(700);
    expect(await frameHeights(page)).toEqual([expectedOne, expectedTwo]);
  });

  /**
   * Counts, from now on, the reports of the visible part /embed.js sends the
   * frame: waiting for one more is how a test knows the frame has heard of a scroll.
   */
  async function viewportReports(page: Page) {
    const frame = page.frame({ url: /\/sunny-meadow$/ })!;
    await frame.evaluate(() => {
      const counter = window as unknown as { viewportReports?: number };
      if (counter.viewportReports !== undefined) return;
      counter.viewportReports = 0;
      window.addEventListener("message", (event) => {
        if (event.data?.type === "playfolio:viewport") counter.viewportReports! += 1;
      });
    });
    return () => frame.evaluate(() => (window as unknown as { viewportReports: number }).viewportReports);
  }

  /** Scrolls the company's page by `dy` and waits until the frame has been told what it now shows. */
  async function scrollParent(page: Page, reports: () => Promise<number>, dy: number) {
    const before = await reports();
    await page.evaluate((y) => window.scrollBy(0, y), dy);
    await expect.poll(reports).toBeGreaterThan(before);
  }

  /**
   * The company's page at 1280 × 720, scrolled until a picture of the first
   * frame is `offset` pixels below the top of the view (and the frame knows).
   */
  async function scrolledToPicture(page: Page, name: string, offset: number) {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(parentUrl);
    const link = page.frameLocator("#one").getByRole("link", { name });
    await expect(link).toBeVisible();
    await expect.poll(async () => (await frameHeights(page))[0]).toBeGreaterThan(1500);
    const reports = await viewportReports(page);
    await scrollParent(page, reports, (await link.boundingBox())!.y - offset);
    return { link, reports, dialog: page.frameLocator("#one").getByRole("dialog") };
  }

  test("the lightbox opens where the visitor is looking, by keyboard, and gives focus back", async ({ page }) => {
    const { link: last, dialog } = await scrolledToPicture(page, "Open larger: photos_completed 1", 300);
    // By keyboard, inside another origin's frame: Enter opens, Escape closes, focus comes back.
    await last.focus();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("photos_completed 1");
    const shown = await dialog.boundingBox(); // coordinates in the parent's viewport
    expect(shown!.y).toBeGreaterThanOrEqual(0);
    expect(shown!.y + shown!.height).toBeLessThanOrEqual(720);
    await expectNoSeriousA11yViolations(page, "lightbox in a cross-origin frame");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(last).toBeFocused();
  });

  test("the open lightbox stays in view while the company's page scrolls", async ({ page }) => {
    const { link: first, reports, dialog } = await scrolledToPicture(page, "Open larger: 3d_renders 1", 200);
    await first.click();
    await expect(dialog).toContainText("3d_renders 1 (1 of 2)");
    const inView = async () => {
      const shown = (await dialog.boundingBox())!;
      return shown.y >= 0 && shown.y + shown.height <= 720;
    };
    expect(await inView()).toBe(true);
    // The wheel over the frame scrolls the company's page: the lightbox moves along with the view.
    await scrollParent(page, reports, 500);
    await expect.poll(inView).toBe(true);
    await scrollParent(page, reports, -300);
    await expect.poll(inView).toBe(true);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(first).toBeFocused();
  });

  test("framed by a page without the embed script: a picture opens in a new tab, a video plays in place", async ({
    page,
  }) => {
    // A bare iframe: nobody tells the frame what the visitor sees, so a dialog could open out of sight.
    const site = await startParentPage(
      () => `<!doctype html><title>Ours</title><body style="margin:0"><h1>Our work</h1>
        <iframe src="${server.url}/sunny-meadow" width="100%" height="3000" style="border:0" title="Sunny Meadow"></iframe></body>`,
    );
    try {
      await page.route(/youtube-nocookie\.com|ytimg\.com/, (route) => route.fulfill({ status: 204, body: "" }));
      await page.goto(site.url);
      const frame = page.frameLocator("iframe");
      const picture = frame.getByRole("link", { name: "Open larger: 3d_renders 1" });
      const popup = page.waitForEvent("popup");
      await picture.click();
      expect((await popup).url()).toMatch(/\/media\/project-files\/.*_w1600\.webp$/);
      await expect(frame.getByRole("dialog")).toBeHidden();

      await frame.getByRole("link", { name: "Play video: Opening day" }).click();
      const player = frame.locator('iframe[title="Opening day"]');
      await expect(player).toHaveAttribute("src", "https://www.youtube-nocookie.com/embed/abcdefghijk?autoplay=1");
      await expect(frame.getByRole("link", { name: "Play video: Opening day" })).toHaveCount(0);
      await expect(frame.getByRole("dialog")).toBeHidden();
    } finally {
      await site.close();
    }
  });
});
