import { mailedLink, newAccount, pageSignedInWith, sharedServer, signUpOverHttp } from "./support/accounts";
import { expect, test, toast } from "./support/fixtures";
import { checkAtBothWidths } from "./support/screens";

const SENT =
  "If an account uses this address, we sent it a link to choose a new password. The link works once, within an hour.";

test("forgot password: a link through the mail, a new password that signs out everywhere, the link used once", async ({
  page,
  browser,
  baseURL,
}) => {
  // A long round trip with an axe check per screen.
  test.slow();
  const server = sharedServer();
  const account = newAccount("Forgetful");
  // Signed in on another device: that session ends with the new password.
  const cookies = await signUpOverHttp(server, account);
  const { context: other, page: otherPage } = await pageSignedInWith(browser, baseURL!, cookies);
  await otherPage.goto("/pending");
  await expect(otherPage.getByRole("heading", { name: "Waiting for access" })).toBeVisible();

  await page.goto("/auth");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await checkAtBothWidths(page, "forgot-password");

  // An address without an account gets the same words (password-reset.test.ts).
  await page.getByLabel("Email").fill(account.email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("status").filter({ hasText: SENT })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue("");

  const { pathname, search } = new URL(mailedLink(server.dataDir, account.email, "/auth/reset-password"));
  await page.goto(`${pathname}${search}`);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await checkAtBothWidths(page, "reset-password");
  // The form's messages are the schema's (app/domain/users/schema.test.ts).
  await page.getByLabel("New Password").fill("monkey-bars-2026");
  await page.getByLabel("Confirm Password").fill("monkey-bars-2026");
  await page.getByRole("button", { name: "Set New Password" }).click();
  await expect(page).toHaveURL("/auth");
  await expect(toast(page, "Password changed")).toBeVisible();

  // The other device is signed out on its next request.
  await otherPage.reload();
  await expect(otherPage).toHaveURL(/\/auth\?redirectTo=%2Fpending$/);
  await other.close();

  // The new password signs in (that the old one no longer does: password-reset.test.ts).
  const signIn = page.locator("#sign-in");
  await signIn.getByLabel("Email").fill(account.email);
  await signIn.getByLabel("Password").fill("monkey-bars-2026");
  await signIn.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL("/");

  // The link worked once.
  await page.goto(`${pathname}${search}`);
  await expect(page.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
  await expect(page.getByText("This link is invalid or has expired. Ask for a new one below.")).toBeVisible();
  await checkAtBothWidths(page, "reset-password-expired");
  await page.getByRole("link", { name: "Ask for a new link" }).click();
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
});
