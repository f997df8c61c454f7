// The `test` every spec imports: Playwright's, plus an axe check and the run's accounts.
import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import type { Account } from "./accounts";
import { ACCOUNTS_FILE } from "./paths";

export async function expectNoSeriousA11yViolations(page: Page, label = page.url()) {
  // Colours are judged on the settled page: a toast or dialog fading in has
  // half its opacity for a moment. Endless animations (spinners) are ignored.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== "running" || animation.effect?.getComputedTiming().endTime === Infinity,
          ),
      undefined,
      { timeout: 3000 },
    )
    .catch(() => undefined);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const summary = serious.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`,
  );
  expect(summary, `axe on ${label}`).toEqual([]);
}

export const test = base.extend<{ accounts: { admin: Account; staff: Account } }>({
  // eslint-disable-next-line no-empty-pattern
  accounts: async ({}, use) => {
    await use(JSON.parse(fs.readFileSync(ACCOUNTS_FILE, "utf8")));
  },
});

export { expect };

/** Waits until React has hydrated the page (root.tsx marks <html data-hydrated>). */
export async function waitForHydration(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * The answer to the next form action (a POST to a route's `.data` URL). Start
 * waiting before the gesture that saves, and await it before reloading: the
 * page shows the change optimistically, before the server has it.
 */
export function nextActionResponse(page: Page) {
  return page.waitForResponse(
    (response) => response.request().method() === "POST" && new URL(response.url()).pathname.endsWith(".data"),
  );
}
