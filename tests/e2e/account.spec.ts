// /admin/account: name, password, address, sessions.
import {
  mailedLink,
  newAccount,
  pageSignedInWith,
  sharedServer,
  signInOverHttp,
  signUpOverHttp,
} from "./support/accounts";
import { expect, test, toast } from "./support/fixtures";
import { checkAtBothWidths } from "./support/screens";

test("every signed-in account manages its name, password, address and sessions", async ({ browser, baseURL }) => {
  test.slow();
  const server = sharedServer();
  const account = newAccount("Self", "staff.test");
  // Signed in elsewhere (by the sign-up and by the confirmation link, both from a script): "Unknown browser".
  const elsewhere = await signUpOverHttp(server, account);
  const { context: otherContext, page: otherPage } = await pageSignedInWith(browser, baseURL!, elsewhere);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/auth?redirectTo=/admin");
  const signIn = page.locator("#sign-in");
  await signIn.getByLabel("Email").fill(account.email);
  await signIn.getByLabel("Password").fill(account.password);
  await signIn.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL("/admin");

  await page.getByRole("link", { name: `Your account (${account.email})` }).click();
  await expect(page.getByRole("heading", { name: "Your Account", level: 1 })).toBeVisible();
  const sessions = page.getByRole("list", { name: "Sessions" });
  await expect(sessions.getByRole("listitem")).toHaveCount(3);
  await expect(sessions.getByRole("listitem").filter({ hasText: "This device" })).toContainText(/^Chrome on /);
  await expect(sessions.getByRole("listitem").filter({ hasText: "This device" })).toContainText("127.0.0.1");
  await checkAtBothWidths(page, "account");

  // Name.
  await page.getByLabel("Full Name").fill("Self Renamed");
  await page.getByRole("button", { name: "Save Name" }).click();
  await expect(toast(page, "Name updated")).toBeVisible();

  // One other session signed out by hand, then the rest by "everywhere else".
  await sessions
    .getByRole("button", { name: /^Sign out Unknown browser/ })
    .first()
    .click();
  await expect(toast(page, "Session signed out")).toBeVisible();
  await expect(sessions.getByRole("listitem")).toHaveCount(2);
  await page.getByRole("button", { name: "Sign Out Everywhere Else" }).click();
  await expect(toast(page, "Signed out everywhere else")).toBeVisible();
  await expect(page.getByText("You are signed in on this device only.")).toBeVisible();
  await otherPage.goto("/admin");
  await expect(otherPage).toHaveURL(/\/auth\?redirectTo=%2Fadmin$/);
  await otherContext.close();

  // Password: the current one first.
  const passwordForm = page.locator("#account-password");
  await passwordForm.getByLabel("Current Password").fill("not-my-password");
  await passwordForm.getByLabel("New Password", { exact: true }).fill("seesaw-summer-77");
  await passwordForm.getByLabel("Confirm New Password").fill("seesaw-summer-77");
  await passwordForm.getByRole("button", { name: "Change Password" }).click();
  await expect(passwordForm.getByText("That is not your current password.")).toBeVisible();
  await passwordForm.getByLabel("Current Password").fill(account.password);
  await passwordForm.getByRole("button", { name: "Change Password" }).click();
  await expect(toast(page, "Password changed")).toBeVisible();
  // This device stays signed in.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Your Account", level: 1 })).toBeVisible();

  // Address: a link to the new one.
  const newEmail = `moved-${Date.now()}@example.test`;
  const emailForm = page.locator("#account-email");
  await emailForm.getByLabel("New Email").fill(newEmail);
  await emailForm.getByLabel("Current Password").fill("seesaw-summer-77");
  await emailForm.getByRole("button", { name: "Change Email" }).click();
  await expect(page.getByRole("status").filter({ hasText: "We sent a link to the new address." })).toBeVisible();
  await checkAtBothWidths(page, "account-email-sent");
  const { pathname, search } = new URL(mailedLink(server.dataDir, newEmail, "/auth/verify-email"));
  await page.goto(`${pathname}${search}`);
  await expect(page).toHaveURL("/admin/account");
  await expect(toast(page, "Email changed")).toBeVisible();
  await expect(page.getByText(`You sign in with ${newEmail}`)).toBeVisible();
  await context.close();
});

test("without JavaScript, a new password keeps this browser signed in (issue 25 §3.11)", async ({
  browser,
  baseURL,
}) => {
  const account = newAccount("NoScript", "staff.test");
  const [session] = await signUpOverHttp(sharedServer(), account);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const [name, value] = session!.split(";")[0]!.split("=");
  await context.addCookies([{ name: name!, value: value!, url: baseURL! }]);
  const page = await context.newPage();
  await page.goto("/admin/account");
  const passwordForm = page.locator("#account-password");
  await passwordForm.getByLabel("Current Password").fill(account.password);
  await passwordForm.getByLabel("New Password", { exact: true }).fill("seesaw-winter-78");
  await passwordForm.getByLabel("Confirm New Password").fill("seesaw-winter-78");
  await passwordForm.getByRole("button", { name: "Change Password" }).click();
  await page.goto("/admin/account");
  await expect(page).toHaveURL("/admin/account");
  await expect(page.getByRole("heading", { name: "Your Account", level: 1 })).toBeVisible();
  // The new password is the one that signs in now.
  expect(await signInOverHttp(baseURL!, { ...account, password: "seesaw-winter-78" })).not.toHaveLength(0);
  await context.close();
});
