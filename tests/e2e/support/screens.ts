// Screenshots of a screen at the phone and desktop widths the design targets,
// kept under test-results/screens/ to look at.
import path from "node:path";
import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./fixtures";
import { AUTH_DIR } from "./paths";

const SCREENS_DIR = path.join(AUTH_DIR, "..", "screens");

/** axe and a full-page screenshot at 390 px and 1440 px; the viewport is put back after. */
export async function checkAtBothWidths(page: Page, name: string): Promise<void> {
  const before = page.viewportSize();
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expectNoSeriousA11yViolations(page, `${name} at ${width} px`);
    await page.screenshot({ path: path.join(SCREENS_DIR, `${name}-${width}.png`), fullPage: true });
  }
  if (before) await page.setViewportSize(before);
}
