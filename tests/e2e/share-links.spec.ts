// Share links end to end: made (with a label) from a draft project's and an
// unpublished gallery's admin pages, opened by someone signed out (read-only,
// noindex, never stored, no staff-only fields), counted, revoked, and expired.
import { expect, expectNoSeriousA11yViolations, test, waitForHydration } from "./support/fixtures";
import { seededSharedServer } from "./support/isolated";
import { PROJECT, EXPIRED_TOKEN } from "./support/seeds/share-links";

const server = seededSharedServer();

test("a draft project's link: made, opened signed out, counted, revoked", async ({ page, browser }) => {
  await server.signIn(page);
  await page.goto(`${server.url}/admin/projects/${PROJECT}/edit`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Share link" }).click();
  const dialog = page.getByRole("dialog", { name: "Share link" });
  await expect(dialog.getByText("No share links yet.")).toBeVisible();
  await dialog.getByLabel("Label (optional)").fill("for Northtown Parks");
  await dialog.getByRole("button", { name: "Create link" }).click();
  const address = dialog.getByRole("textbox", { name: "New share link" });
  await expect(address).toHaveValue(new RegExp(`^${server.url}/share/[A-Za-z0-9_-]{43}$`));
  const link = await address.inputValue();
  await expect(dialog.getByRole("listitem")).toContainText("for Northtown Parks");
  await expect(dialog.getByRole("listitem")).toContainText("Opened 0 times");
  await expect(dialog.getByRole("listitem")).toContainText(/Made by Admin/);
  await expectNoSeriousA11yViolations(page, "share link dialog");

  const visitor = await browser.newContext();
  try {
    const shared = await visitor.newPage();
    const response = await shared.goto(link);
    expect(response!.status()).toBe(200);
    expect(response!.headers()["cache-control"]).toBe("private, no-store");
    expect(response!.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    await expect(shared.getByRole("heading", { name: "Quarry Quest", level: 1 })).toBeVisible();
    await expect(shared.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
    const html = await response!.text();
    expect(html).not.toContain("123456");
    expect(html).not.toContain("SECRET-CLIENT-NOTE");
    expect(await shared.locator("form, input, textarea").count()).toBe(0);
    await expectNoSeriousA11yViolations(shared, "shared project");

    // Opened once: the dialog says so when it opens again.
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Share link" }).click();
    await expect(dialog.getByRole("listitem")).toContainText("Opened 1 time");
    await dialog.getByRole("button", { name: "Revoke" }).click();
    await expect(dialog.getByRole("listitem")).toContainText("Revoked");

    const gone = await shared.goto(link);
    expect(gone!.status()).toBe(410);
    await expect(shared.getByRole("heading", { name: "This link has been revoked" })).toBeVisible();
    await expectNoSeriousA11yViolations(shared, "revoked link");
  } finally {
    await visitor.close();
  }
});

test("an unpublished gallery's link with a last day; a past last day is refused", async ({ page, request }) => {
  await server.signIn(page);
  await page.goto(`${server.url}/admin/gallery/secret-plans`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Share link" }).click();
  const dialog = page.getByRole("dialog", { name: "Share link" });
  await dialog.getByLabel("Last day (optional)").fill("2001-01-01");
  await dialog.getByRole("button", { name: "Create link" }).click();
  await expect(dialog.getByText("The expiry date cannot be in the past")).toBeVisible();
  await dialog.getByLabel("Last day (optional)").fill("2099-12-31");
  await dialog.getByRole("button", { name: "Create link" }).click();
  const link = await dialog.getByRole("textbox", { name: "New share link" }).inputValue();
  await expect(dialog.getByRole("listitem")).toContainText("Active until 12/31/2099");

  // The gallery is a draft: its public page is not there, the link is.
  expect((await request.get(`${server.url}/gallery/secret-plans`)).status()).toBe(404);
  const shared = await request.get(link);
  expect(shared.status()).toBe(200);
  expect(await shared.text()).toContain("Secret Plans");
});

test("a link past its last day says it has expired; an unknown one is not found", async ({ page }) => {
  const expired = await page.goto(`${server.url}/share/${EXPIRED_TOKEN}`);
  expect(expired!.status()).toBe(410);
  await expect(page.getByRole("heading", { name: "This link has expired" })).toBeVisible();
  const unknown = await page.goto(`${server.url}/share/${"x".repeat(43)}`);
  expect(unknown!.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Link not found" })).toBeVisible();
});
