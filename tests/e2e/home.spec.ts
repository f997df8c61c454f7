import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";

test("the front door names the Project Library, may be framed, and passes axe", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Project Library", level: 1 })).toBeVisible();
  // The library is one of the embeddable pages (the company's site may frame it).
  expect(response?.headers()["content-security-policy"]).toContain("; frame-ancestors *");
  await expectNoSeriousA11yViolations(page);
});
