// oEmbed end to end: a listed project's and a published gallery's pages carry
// the discovery link, a consumer following it gets the snippet, and that
// snippet, pasted into a page of another origin, resizes to its content.
import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { seededSharedServer } from "./support/isolated";
import { startParentPage } from "../../scripts/lib/parent-page";

const server = seededSharedServer();

async function discovery(page: Page, path: string): Promise<string | null> {
  await page.goto(`${server.url}${path}`);
  const link = page.locator('head link[rel="alternate"][type="application/json+oembed"]');
  return (await link.count()) ? link.getAttribute("href") : null;
}

test("listed pages are discoverable; a draft is not", async ({ page, request }) => {
  const href = await discovery(page, "/willow-walk");
  expect(href).toBe(`${server.url}/oembed?url=${encodeURIComponent(`${server.url}/willow-walk`)}&format=json`);
  const answer = await (await request.get(href!)).json();
  expect(answer).toMatchObject({ version: "1.0", type: "rich", title: "Willow Walk" });
  expect(await discovery(page, "/gallery/willow-parks")).toContain(encodeURIComponent("/gallery/willow-parks"));
  expect(await discovery(page, "/willow-draft")).toBeNull();
  expect(
    (await request.get(`${server.url}/oembed?url=${encodeURIComponent(`${server.url}/willow-draft`)}`)).status(),
  ).toBe(404);
});

test("the returned snippet, pasted into another origin's page, resizes to its content", async ({ page, request }) => {
  const answer = await (
    await request.get(`${server.url}/oembed?url=${encodeURIComponent(`${server.url}/willow-walk`)}&format=json`)
  ).json();
  const site = await startParentPage(
    () =>
      `<!doctype html><html lang="en"><title>Blog</title><body><main><h1>Our new trail</h1>${answer.html}</main></body></html>`,
  );
  try {
    await page.goto(site.url);
    expect(new URL(site.url).origin).not.toBe(new URL(server.url).origin);
    const frame = page.frameLocator("iframe");
    await expect(frame.getByRole("heading", { name: "Willow Walk" })).toBeVisible();
    const content = await frame
      .locator("[data-embed-root]")
      .evaluate((el) => Math.ceil(el.getBoundingClientRect().bottom));
    expect(content).not.toBe(600);
    await expect
      .poll(() => page.locator("iframe").evaluate((el) => Math.round(el.getBoundingClientRect().height)))
      .toBe(content);
  } finally {
    await site.close();
  }
});

test("with the script stripped, as many consumers do, the frame shows the card whole at every width", async ({
  page,
  request,
}) => {
  const oembed = async (url: string) =>
    (await (await request.get(`${server.url}/oembed?url=${encodeURIComponent(url)}`)).json()) as { html: string };
  const project = (await oembed(`${server.url}/willow-walk`)).html.replace(/<script[^>]*><\/script>/g, "");
  const gallery = (await oembed(`${server.url}/gallery/willow-parks`)).html.replace(/<script[^>]*><\/script>/g, "");
  const site = await startParentPage(
    () =>
      `<!doctype html><html lang="en"><title>Blog</title><body style="margin:0"><main><h1>Our work</h1>${project}${gallery}</main></body></html>`,
  );
  try {
    for (const width of [320, 390, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(site.url);
      for (const [index, title, link] of [
        [0, "Willow Walk", "View project"],
        [1, "Willow Parks", "View gallery"],
      ] as const) {
        const frame = page.frameLocator("iframe").nth(index);
        await expect(frame.getByRole("heading", { name: title })).toBeVisible();
        const opens = frame.getByRole("link", { name: new RegExp(`^${link}`) });
        await expect(opens).toBeInViewport({ ratio: 1 });
        await expect(opens).toHaveAttribute("target", "_blank");
        // Nothing to scroll inside the frame: the card fills exactly the height it was given.
        const { scroll, height } = await frame
          .locator("html")
          .evaluate((html) => ({ scroll: html.scrollHeight, height: window.innerHeight }));
        expect(scroll, `${title} at ${width} px`).toBeLessThanOrEqual(height);
      }
    }
    await expectNoSeriousA11yViolations(page, "oEmbed cards with the script stripped");
  } finally {
    await site.close();
  }
});
