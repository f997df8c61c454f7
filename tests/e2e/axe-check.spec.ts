// The axe check every screen's test relies on bites: a serious violation fails it, in the page
// itself and inside another origin's frame (which the check scans the library's default way).
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";

const clean = `<!doctype html><html lang="en"><title>Host</title><main><h1>Host</h1>`;
const broken = `<!doctype html><html lang="en"><title>Broken</title><main><h1>Broken</h1><button></button></main>`;

test.describe("the axe check", () => {
  test.beforeEach(async ({ page }) => {
    await page.route("http://host.test/**", (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `${clean}<iframe title="Other" src="http://other.test/"></iframe></main>`,
      }),
    );
    await page.route("http://other.test/**", (route) => route.fulfill({ contentType: "text/html", body: broken }));
  });

  test("fails on a serious violation in the page", async ({ page }) => {
    await page.route("http://same.test/**", (route) => route.fulfill({ contentType: "text/html", body: broken }));
    await page.goto("http://same.test/");
    await expect(expectNoSeriousA11yViolations(page, "broken page")).rejects.toThrow(/button-name \(critical\)/);
  });

  test("fails on a serious violation inside another origin's frame", async ({ page }) => {
    await page.goto("http://host.test/");
    await expect(page.frameLocator("iframe").getByRole("heading", { name: "Broken" })).toBeVisible();
    await expect(expectNoSeriousA11yViolations(page, "host page")).rejects.toThrow(/button-name \(critical\)/);
  });

  test("passes a page without one", async ({ page }) => {
    await page.route("http://same.test/**", (route) =>
      route.fulfill({ contentType: "text/html", body: `${clean}</main>` }),
    );
    await page.goto("http://same.test/");
    await expectNoSeriousA11yViolations(page, "clean page");
  });
});
