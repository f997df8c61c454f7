// The public gallery pages: the embeddable gallery, the list, /webview, and
// two galleries embedded in one page of another origin.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { seededSharedServer } from "./support/isolated";

const server = seededSharedServer();

test.describe("published gallery", () => {
  test("cards in the gallery's order with the spec's contents", async ({ page }) => {
    const response = await page.goto(`${server.url}/gallery/spring-showcase`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Spring Showcase" })).toBeVisible();
    await expect(page.getByText("Our favourite projects this spring.")).toBeVisible();
    const cards = page
      .getByRole("main")
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { level: 2 }) });
    await expect(cards).toHaveCount(3);
    await expect(cards.nth(0)).toContainText("Featured Fort");
    await expect(cards.nth(1)).toContainText("Lakeside Adventure");
    await expect(cards.nth(2)).toContainText("Video Valley");

    const lakeside = cards.nth(1);
    await expect(lakeside.getByRole("img", { name: "Lakeside School logo" })).toBeVisible();
    await expect(lakeside).toContainText("Schools");
    await expect(lakeside).toContainText("Windermere, UK");
    await expect(lakeside).toContainText("Installation: March 2025");
    await expect(lakeside.getByRole("link", { name: /lakeside\.example/ })).toHaveAttribute("target", "_blank");

    const fort = cards.nth(0);
    await expect(fort).toContainText("No Logo");
    await expect(fort).toContainText("Click to view");
    const featured = fort.getByRole("link", { name: /Featured Project/ });
    await expect(featured).toHaveAttribute("href", "https://fort.example/story");
    await expect(featured).toHaveAttribute("target", "_blank");

    // A 3D-renders video is preferred, and is titled as the spec says.
    const video = cards.nth(2).getByRole("link", { name: "Play video: 3D Project Preview" });
    await expect(video).toHaveAttribute("href", "https://www.youtube.com/watch?v=render00001");
    await expectNoSeriousA11yViolations(page);
  });

  test("no React bundle, framing allowed, two round trips at most", async ({ request }) => {
    // One of the app's cookies: rendered now, not answered by the render cache (which makes no round trip).
    const render = { headers: { Cookie: "playfolio.render=fresh" } };
    const response = await request.get(`${server.url}/gallery/spring-showcase`, render);
    const html = await response.text();
    expect(html).not.toMatch(/<script[^>]+src=/);
    expect(response.headers()["content-security-policy"]).toContain("; frame-ancestors *");
    const queries = Number(/db;desc="(\d+) queries"/.exec(response.headers()["server-timing"] ?? "")?.[1]);
    expect(queries).toBeLessThanOrEqual(2);
    const webview = await request.get(`${server.url}/webview/spring-showcase`, render);
    expect(await webview.text()).toContain("Spring Showcase");
    expect(Number(/db;desc="(\d+) queries"/.exec(webview.headers()["server-timing"] ?? "")?.[1])).toBeLessThanOrEqual(
      2,
    );
  });

  test("drafts and unknown slugs are 'Gallery Not Found' with a 404; an empty gallery says so", async ({ page }) => {
    for (const slug of ["secret-draft", "no-such-gallery", "Bad_Slug"]) {
      const response = await page.goto(`${server.url}/gallery/${slug}`);
      expect(response?.status(), slug).toBe(404);
      await expect(page.getByRole("heading", { name: "Gallery Not Found" })).toBeVisible();
      await expect(page.getByText("This gallery is not available or has been unpublished.")).toBeVisible();
    }
    await page.goto(`${server.url}/gallery/empty-room`);
    await expect(page.getByText("No projects in this gallery yet.")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("/webview shows the gallery when there is one, else the project", async ({ page }) => {
    await page.goto(`${server.url}/webview/spring-showcase`);
    await expect(page.getByRole("heading", { level: 1, name: "Spring Showcase" })).toBeVisible();
    await page.goto(`${server.url}/webview/lakeside-adventure`);
    await expect(page.getByRole("heading", { level: 1, name: "Lakeside Adventure" })).toBeVisible();
    const response = await page.goto(`${server.url}/webview/secret-draft`);
    expect(response?.status()).toBe(404);
  });

  test("the public list shows published galleries only; the sitemap lists them", async ({ page, request }) => {
    await page.goto(`${server.url}/gallery`);
    await expect(page.getByRole("link", { name: "Spring Showcase" })).toHaveAttribute(
      "href",
      "/gallery/spring-showcase",
    );
    await expect(page.getByRole("listitem").filter({ hasText: "Spring Showcase" })).toContainText("3 projects");
    await expect(page.getByText("Secret Draft")).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    const sitemap = await (await request.get(`${server.url}/sitemap.xml`)).text();
    expect(sitemap).toContain(`${server.url}/gallery/spring-showcase`);
    expect(sitemap).not.toContain("secret-draft");
  });
});

test.describe("two galleries embedded in another site", () => {
  let parent: http.Server;
  let parentUrl: string;
  test.beforeAll(async () => {
    parent = http.createServer((_req, res) => {
      res.setHeader("Content-Type", "text/html");
      res.end(`<!doctype html><html><head><title>Galleries</title></head><body>
        <iframe id="a" src="${server.url}/gallery/spring-showcase" width="100%" height="600" style="border:0" title="Spring" data-loading-text="Loading gallery..."></iframe>
        <iframe id="b" src="${server.url}/gallery/empty-room" width="100%" height="600" style="border:0" title="Empty"></iframe>
        <script src="${server.url}/embed.js" async></script>
      </body></html>`);
    });
    await new Promise<void>((resolve) => parent.listen(0, "localhost", resolve));
    parentUrl = `http://localhost:${(parent.address() as AddressInfo).port}/`;
  });
  test.afterAll(() => new Promise<void>((resolve) => parent.close(() => resolve())));

  test("each frame takes its own height", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(parentUrl);
    await expect(page.frameLocator("#a").getByRole("heading", { name: "Spring Showcase" })).toBeVisible();
    const expected = async (frame: string) =>
      page
        .frameLocator(frame)
        .locator("[data-embed-root]")
        .evaluate((el) => Math.ceil(el.getBoundingClientRect().bottom));
    const heights = () =>
      page.evaluate(() =>
        ["a", "b"].map((f) => Math.round(document.getElementById(f)!.getBoundingClientRect().height)),
      );
    const target = [await expected("#a"), await expected("#b")];
    await expect.poll(heights).toEqual(target);
    expect(target[0]).not.toBe(target[1]);
    await expect(page.getByText("Loading gallery...")).toHaveCount(0);
  });
});
