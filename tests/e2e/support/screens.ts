// A screen at the phone and desktop widths the design targets: one axe scan,
// nothing wider than a phone's screen at 390 px, and with E2E_SCREENS=1
// full-page screenshots under test-results/screens/ to look at.
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations } from "./fixtures";
import { AUTH_DIR } from "./paths";

const SCREENS_DIR = path.join(AUTH_DIR, "..", "screens");
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** Nothing on the page is wider than the viewport (no sideways scrolling). */
export async function expectNoHorizontalOverflow(page: Page, label = page.url()): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${label}: wider than the screen by ${overflow} px`).toBeLessThanOrEqual(0);
}

/**
 * The screen as it stands at 390 px (nothing wider than the phone's screen) and at 1440 px (its
 * one axe scan; a phone layout with controls of its own, like the admin drawer, is a screen state
 * of its own, scanned by its spec). The viewport is put back after. Screenshots cost CPU and
 * nobody looks at them in CI: E2E_SCREENS=1 takes them.
 */
export async function checkAtBothWidths(page: Page, name: string): Promise<void> {
  const before = page.viewportSize();
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    if (size === PHONE) await expectNoHorizontalOverflow(page, `${name} at 390 px`);
    else await expectNoSeriousA11yViolations(page, `${name} at 1440 px`);
    if (process.env.E2E_SCREENS) {
      await page.screenshot({ path: path.join(SCREENS_DIR, `${name}-${size.width}.png`), fullPage: true });
    }
  }
  if (before) await page.setViewportSize(before);
}
