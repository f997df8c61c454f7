import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";

test("the front door names the Project Library and passes axe", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Project Library", level: 1 })).toBeVisible();
  await expect(response?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  await expectNoSeriousA11yViolations(page);
});
