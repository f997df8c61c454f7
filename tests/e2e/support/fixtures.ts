// The `test` every spec imports: Playwright's, plus an axe check and the run's accounts.
import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Locator, type Page } from "@playwright/test";
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
  // The library's default runs axe in every frame and joins the results in a new blank page, which
  // costs each scan about half a second; its legacy mode runs in the page itself, with the same
  // results, but cannot reach another origin's frame: a page that holds one is scanned the default
  // way (axe-check.spec.ts proves both bite). Only violations are asked for in detail: the check reads
  // nothing else, and the passes' nodes cost a scan about a third of its time (1.1 → 0.7 s on the
  // demo's project list, decision 0119).
  const origin = new URL(page.url()).origin;
  const crossOriginFrame = page
    .frames()
    .some(
      (frame) => frame !== page.mainFrame() && /^https?:/.test(frame.url()) && new URL(frame.url()).origin !== origin,
    );
  const results = await new AxeBuilder({ page })
    .setLegacyMode(!crossOriginFrame)
    .options({ resultTypes: ["violations"] })
    .analyze();
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

/** A toast (sonner) with this text; `.first()` because a repeated action may stack two. */
export function toast(page: Page, text: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: text }).first();
}

/**
 * Moves a sortable item by keyboard as a person would: Space, an arrow key,
 * Space. Each key waits for the announcement of the one before: the keyboard
 * sensor picks the item up a moment after Space, and an arrow pressed before
 * that moves nothing (the item is then dropped where it was).
 */
export async function moveByKeyboard(
  page: Page,
  handle: Locator,
  move: { item: string; key: "ArrowUp" | "ArrowDown" | "ArrowLeft" | "ArrowRight"; to: number; of: number },
) {
  const position = `position ${move.to} of ${move.of}`;
  await handle.focus();
  await page.keyboard.press("Space");
  await expect(page.getByText(`Picked up ${move.item}.`, { exact: false })).toBeAttached();
  // The announcement is rendered as the sensor starts, but the sensor listens for
  // keys only from a timer it sets then (dnd-kit's KeyboardSensor.attach): a timer
  // of ours, set after it, runs after it, so the arrow is heard.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
  await page.keyboard.press(move.key);
  await expect(page.getByText(`${move.item} moved to ${position}.`)).toBeAttached();
  await page.keyboard.press("Space");
  await expect(page.getByText(`${move.item} dropped at ${position}.`)).toBeAttached();
}

async function center(locator: Locator) {
  await locator.scrollIntoViewIfNeeded();
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * Drags a sortable item by its handle onto `target` with the mouse, waiting
 * for the drag to start (past the sensor's 5 px) and for the item to be over
 * its new position before letting go.
 */
export async function dragByMouse(
  page: Page,
  handle: Locator,
  target: Locator,
  move: { item: string; to: number; of: number },
) {
  const position = `position ${move.to} of ${move.of}`;
  const from = await center(handle);
  const to = await center(target);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  // 10 px towards the target: past the sensor's 5 px, so the drag starts.
  const distance = Math.hypot(to.x - from.x, to.y - from.y) || 1;
  await page.mouse.move(from.x + ((to.x - from.x) / distance) * 10, from.y + ((to.y - from.y) / distance) * 10, {
    steps: 3,
  });
  await expect(page.getByText(`Picked up ${move.item}.`, { exact: false })).toBeAttached();
  await page.mouse.move(to.x, to.y, { steps: 15 });
  await expect(page.getByText(`${move.item} moved to ${position}.`)).toBeAttached();
  await page.mouse.up();
  await expect(page.getByText(`${move.item} dropped at ${position}.`)).toBeAttached();
}
