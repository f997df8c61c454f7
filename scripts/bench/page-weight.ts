// What a visitor's browser downloads for one public page, measured in a real
// Chromium: JavaScript (external files and inline scripts, gzip as sent) and
// the bytes of the images served by the app after scrolling to the end, so
// lazy images count.
import zlib from "node:zlib";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumPath } from "../../tests/e2e/support/browser";

export const gzipSize = (body: Buffer | string) => zlib.gzipSync(body, { level: 6 }).length;

/**
 * `webpOnly` strips the page's AVIF <source>s before the browser sees them:
 * the same page as it was before AVIF variants, for comparison in one run.
 */
export async function pageWeight(
  url: string,
  options: { width?: number; webpOnly?: boolean } = {},
): Promise<{ javascript: number; images: number }> {
  const width = options.width ?? 1366;
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const tab = await context.newPage();
    const scripts: Promise<Buffer>[] = [];
    const images: Promise<Buffer>[] = [];
    const origin = new URL(url).origin;
    if (options.webpOnly) {
      await tab.route(url, async (route) => {
        const response = await route.fetch();
        const body = (await response.text()).replace(/<source type="image\/avif"[^>]*>/g, "");
        await route.fulfill({ response, body });
      });
    }
    tab.on("response", (response) => {
      const type = response.request().resourceType();
      if (type === "script") scripts.push(response.body());
      if (type === "image" && response.url().startsWith(origin)) images.push(response.body());
    });
    await tab.goto(url, { waitUntil: "networkidle" });
    await tab.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 600) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 60));
      }
    });
    await tab.waitForLoadState("networkidle");
    const inline = await tab.$$eval("script:not([src])", (list) => list.map((s) => s.textContent ?? "").join("\n"));
    const javascript = (await Promise.all(scripts)).reduce((sum, body) => sum + gzipSize(body), 0) + gzipSize(inline);
    const imageBytes = (await Promise.all(images)).reduce((sum, body) => sum + body.length, 0);
    return { javascript, images: imageBytes };
  } finally {
    await browser.close();
  }
}
