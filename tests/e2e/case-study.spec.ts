// The project page as a case study: the hero, the facts box, the story and the
// quote, render versus reality (mouse, keyboard, touch, JavaScript off), the
// facets in the JSON-LD, and a project with nothing optional; at 1440 and 390 px.
import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { seededSharedServer } from "./support/isolated";
import { layoutShiftSoFar } from "./support/layout-shift";

const server = seededSharedServer();

const slider = (page: Page) => page.getByRole("slider", { name: /Render versus reality/ });

test.describe("the case-study page", () => {
  test("hero, facts, story and quote, as a buyer reads them", async ({ page }) => {
    await page.goto(`${server.url}/riverside-trail`);
    const hero = page.locator("article > header");
    await expect(hero.getByRole("heading", { level: 1 })).toHaveText("Riverside Adventure Trail");
    await expect(hero).toContainText("Riverside School");
    await expect(hero).toContainText("Installed June 02, 2025");
    // No featured image: the first completed photo, loaded first.
    const heroImage = hero.getByRole("img", { name: "Photo 1" });
    await expect(heroImage).toHaveAttribute("fetchpriority", "high");
    await expect(heroImage).toHaveAttribute("loading", "eager");

    const facts = page.getByRole("complementary", { name: "Project Facts" });
    const fact = (label: string) => facts.locator(`xpath=.//dt[normalize-space()="${label}"]/following-sibling::dd[1]`);
    await expect(fact("Location")).toHaveText("York, UK");
    await expect(fact("Client")).toHaveText("Riverside School");
    await expect(fact("Sector")).toHaveText("Schools");
    await expect(fact("Installed")).toHaveText("June 02, 2025");
    await expect(fact("Age groups")).toHaveText("2–5 years, 5–12 years");
    await expect(fact("Inclusive play")).toContainText("Yes");
    await expect(fact("Capacity")).toHaveText("60 children at once");
    await expect(fact("Total play area")).toHaveText("2,000.5 sq ft");
    await expect(fact("Levels")).toHaveText("3");
    await expect(fact("Surfacing")).toHaveText("Poured rubber");
    await expect(facts.getByRole("listitem")).toHaveText(["Climbing Net"]);
    await expect(facts.getByRole("listitem").locator('img[srcset*="option-images/"]')).toHaveCount(1);

    const brief = page.getByRole("region", { name: "The brief" });
    // Plain text: paragraphs from blank lines, markup shown as typed.
    await expect(brief.locator("p")).toHaveText([
      "The school wanted one playground for every pupil.",
      "It had to fit beside the <b>river</b> path.",
    ]);
    await expect(brief.locator("b")).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Our solution" })).toContainText("rope bridges");
    await expect(page.getByRole("region", { name: "The result" })).toContainText("Twice the visitors");
    const quote = page.locator("figure").filter({ has: page.locator("blockquote") });
    await expect(quote.locator("blockquote")).toHaveText(
      "The children have not stopped playing since the day it opened.",
    );
    await expect(quote.locator("figcaption")).toHaveText("Jane Harper, Parks Manager, Riverside School");
    await expectNoSeriousA11yViolations(page, "case study, 1440 px");
  });

  test("the hero takes its room before the picture arrives: nothing moves, wide or on a phone", async ({ page }) => {
    // On a phone the title sits under the picture: its box must be sized there too.
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      await page.goto(`${server.url}/riverside-trail`);
      const hero = page.locator("article > header").getByRole("img", { name: "Photo 1" });
      // Once the picture has arrived, any shift it caused has been recorded.
      await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeTruthy();
      // What moved inside the case study (the hero first of all), not the site header above it.
      const shifts = await layoutShiftSoFar(page, "article");
      expect(shifts, `layout shift at ${width} px`).toBe(0);
    }
  });

  test("reading on a phone, the library's header scrolls away; on a wide screen it stays at the top", async ({
    page,
  }) => {
    // At 390 px the header's search, industry, options and button take four rows: a quarter of the screen.
    for (const [width, stays] of [
      [1440, true],
      [390, false],
    ] as const) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto(`${server.url}/riverside-trail`);
      await page.getByRole("heading", { name: "Render versus reality" }).scrollIntoViewIfNeeded();
      const top = async () => (await page.locator("[data-library-chrome]").boundingBox())!.y;
      if (stays) await expect.poll(top).toBe(0);
      else await expect.poll(top).toBeLessThan(0);
    }
  });

  test("JSON-LD carries the facets, the surfacing and the quote", async ({ page }) => {
    await page.goto(`${server.url}/riverside-trail`);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(jsonLd).toMatchObject({
      keywords: "Climbing Net, Inclusive play",
      audience: {
        "@type": "PeopleAudience",
        audienceType: "2–5 years, 5–12 years",
        suggestedMinAge: 2,
        suggestedMaxAge: 12,
      },
      material: "Poured rubber",
      review: { "@type": "Review", author: { name: "Jane Harper", jobTitle: "Parks Manager" } },
    });
  });

  test("render versus reality: the pair staff chose, by mouse and by keyboard", async ({ page }) => {
    await page.goto(`${server.url}/riverside-trail`);
    const section = page.getByRole("region", { name: "Render versus reality" });
    await expect(section.getByRole("img", { name: "Render of the trail from the river" })).toBeVisible();
    await expect(section.getByRole("img", { name: "Photo of the trail from the river" })).toBeVisible();
    const handle = slider(page);
    await expect(handle).toHaveAttribute("aria-valuenow", "50");
    await expect(handle).toHaveAttribute("aria-valuetext", "50% render, 50% photo");

    // Drag from the middle to a quarter of the way across.
    await section.locator("[data-compare]").scrollIntoViewIfNeeded();
    const box = (await section.locator("[data-compare]").boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 4, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect(handle).toHaveAttribute("aria-valuenow", "25");
    await expect(handle).toBeFocused();
    // The render is cut where the handle is.
    const cut = await section
      .locator("figure")
      .first()
      .evaluate((figure) => getComputedStyle(figure).clipPath);
    expect(cut).toContain("75%");

    await page.keyboard.press("ArrowRight");
    await expect(handle).toHaveAttribute("aria-valuenow", "30");
    await page.keyboard.press("End");
    await expect(handle).toHaveAttribute("aria-valuetext", "100% render, 0% photo");
    await page.keyboard.press("Home");
    await page.keyboard.press("ArrowLeft");
    await expect(handle).toHaveAttribute("aria-valuenow", "0");
    await expectNoSeriousA11yViolations(page, "comparison slider");
  });

  test("render versus reality by touch, at 390 px", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto(`${server.url}/riverside-trail`);
    const compare = page.locator("[data-compare]");
    await compare.scrollIntoViewIfNeeded();
    const box = (await compare.boundingBox())!;
    const y = box.y + box.height / 2;
    // A real touch, as the touch screen sends it (Chromium turns it into pointer events).
    const cdp = await context.newCDPSession(page);
    const touch = (type: "touchStart" | "touchMove" | "touchEnd", x?: number) =>
      cdp.send("Input.dispatchTouchEvent", { type, touchPoints: x === undefined ? [] : [{ x, y }] });
    await touch("touchStart", box.x + box.width * 0.8);
    await expect(slider(page)).toHaveAttribute("aria-valuenow", "80");
    await touch("touchMove", box.x + box.width * 0.7);
    await touch("touchMove", box.x + box.width * 0.6);
    await touch("touchEnd");
    await expect(slider(page)).toHaveAttribute("aria-valuenow", "60");
    await expect(compare).toHaveCSS("touch-action", "pan-y");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The page's markup is the one scanned at 1440 px: no second scan here.
    await context.close();
  });

  test("with JavaScript off, the render and the photo stand side by side and the handle is gone", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    // On a phone too: one beside the other is what makes it a comparison.
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${server.url}/riverside-trail`);
      const section = page.getByRole("region", { name: "Render versus reality" });
      const render = (await section.getByRole("img", { name: "Render of the trail from the river" }).boundingBox())!;
      const photo = (await section.getByRole("img", { name: "Photo of the trail from the river" }).boundingBox())!;
      expect(render.x + render.width, `side by side at ${width} px`).toBeLessThanOrEqual(photo.x);
      expect(Math.abs(render.y - photo.y)).toBeLessThan(2);
      await expect(section.getByText("3D render", { exact: true })).toBeVisible();
      await expect(section.getByText("Completed", { exact: true })).toBeVisible();
      await expect(section.getByRole("slider")).toHaveCount(0);
    }
    // (axe itself needs JavaScript: this state's markup is the same as the checked one's, minus the slider.)
    await context.close();
  });

  test("a project with nothing optional reads cleanly: title and client, no empty sections", async ({ page }) => {
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${server.url}/bare-bones`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bare Bones Park");
      const facts = page.getByRole("complementary", { name: "Project Facts" });
      await expect(facts.locator("dt")).toHaveText(["Location", "Client", "Sector"]);
      for (const name of ["The brief", "Render versus reality", "Videos", "3D Renders", "Project Details"]) {
        await expect(page.getByRole("region", { name })).toHaveCount(0);
      }
      await expect(page.locator("blockquote")).toHaveCount(0);
      if (width === 1440) await expectNoSeriousA11yViolations(page, "bare project");
    }
  });
});
