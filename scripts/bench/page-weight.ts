// What a visitor's browser downloads for one public page, measured in a real
// Chromium: JavaScript (external files and inline scripts, gzip as sent) and
// the bytes of the images served by the app after scrolling to the end, so
// lazy images count.
import zlib from "node:zlib";
import { chromium } from "@playwright/test";

// Debian's Chromium, as a visitor's browser runs it (never a downloaded one).
const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";

export const gzipSize = (body: Buffer | string) => zlib.gzipSync(body, { level: 6 }).length;

/** Strips a page's AVIF <source>s: the page as browsers got it before AVIF variants. */
export const withoutAvif = (html: string) => html.replace(/<source type="image\/avif"[^>]*>/g, "");

/** `rewrite` changes the page's HTML before the browser sees it (an earlier version of it, in the same run). */
export async function pageWeight(
  url: string,
  options: { width?: number; rewrite?: (html: string) => string } = {},
): Promise<{ javascript: number; images: number }> {
  const width = options.width ?? 1366;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
  try {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const tab = await context.newPage();
    const scripts: Promise<Buffer>[] = [];
    const images: Promise<Buffer>[] = [];
    const origin = new URL(url).origin;
    const { rewrite } = options;
    if (rewrite) {
      await tab.route(url, async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, body: rewrite(await response.text()) });
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
