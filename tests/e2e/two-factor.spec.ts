// Two-factor sign-in: set it up, then sign in with a code and with a recovery code; an
// administrator turns it off for a colleague; requiring it for all staff (last: it changes every
// account of the spec's server). The rules (codes once, guesses, renewal, who may turn it off)
// are proved in app/domain/users/two-factor.test.ts.
import { totpCode } from "#tests/helpers/totp";
import { newAccount, pageSignedInWith, signUpOverHttp } from "./support/accounts";
import { expect, test, toast } from "./support/fixtures";
import { useIsolatedServer } from "./support/isolated";
import { checkAtBothWidths } from "./support/screens";
import type { Page } from "@playwright/test";

const server = useIsolatedServer();

/** The password step of signing in, on /auth. */
async function submitPassword(page: Page, email: string, password: string) {
  await page.goto(`${server.url}/auth`);
  const form = page.locator("#sign-in");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Sign In" }).click();
}

async function signInWithPassword(page: Page, email: string, password: string) {
  await submitPassword(page, email, password);
  await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign Out", exact: true }).click();
  await expect(page.getByRole("tab", { name: "Sign In" })).toBeVisible();
}

test("enrol with the QR code's key, sign in with a code and with a recovery code; new recovery codes replace the old; turned off, the password alone signs in", async ({
  browser,
}) => {
  test.slow();
  const account = newAccount("Phone", "staff.test");
  const { context, page } = await pageSignedInWith(browser, server.url, await signUpOverHttp(server, account));
  await page.goto(`${server.url}/admin/account`);
  await page.getByRole("link", { name: "Set Up Two-Factor Sign-In" }).click();
  await expect(page.getByRole("heading", { name: "Set up two-factor sign-in" })).toBeVisible();
  await checkAtBothWidths(page, "two-factor-setup");
  await page.getByLabel("Current Password").fill("not-my-password");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("main").getByText("That is not your current password.")).toBeVisible();
  await page.getByLabel("Current Password").fill(account.password);
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page.getByRole("img", { name: "QR code to scan with your authenticator app" })).toBeVisible();
  const codes = await page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem").allTextContents();
  expect(codes).toHaveLength(10);
  const secret = (await page.getByTestId("setup-key").textContent())!.replace(/\s/g, "");
  await checkAtBothWidths(page, "two-factor-setup-scan");
  await page.getByLabel("Code from the app").fill("000000");
  await page.getByRole("button", { name: "Turn On Two-Factor Sign-In" }).click();
  await expect(
    page.getByRole("main").getByText("That code is not right. Enter the newest code from your authenticator app."),
  ).toBeVisible();
  await page.getByLabel("Code from the app").fill(totpCode(secret));
  await page.getByRole("button", { name: "Turn On Two-Factor Sign-In" }).click();
  await expect(page).toHaveURL(/\/admin\/account$/);
  await expect(toast(page, "Two-factor sign-in is on")).toBeVisible();
  await expect(page.getByText(/^On\. Signing in asks for a code/)).toBeVisible();
  // The recovery codes were shown once, on the set-up page: never again.
  await expect(page.getByRole("list", { name: "Recovery codes" })).toHaveCount(0);
  await page.reload();
  await expect(page.getByText(codes[0]!)).toHaveCount(0);

  // Signing in now asks for a code after the password.
  await signOut(page);
  await signInWithPassword(page, account.email, account.password);
  await checkAtBothWidths(page, "two-factor-sign-in");
  await page.getByLabel("Code").fill("000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(
    page.getByRole("main").getByText("That code is not right. Enter the newest code from your authenticator app."),
  ).toBeVisible();
  // The next code: the one that turned it on was spent.
  await page.getByLabel("Code").fill(totpCode(secret, { stepsAhead: 1 }));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(`${server.url}/`);
  await page.goto(`${server.url}/admin`);
  await expect(page).toHaveURL(`${server.url}/admin`);

  // A lost phone: a recovery code, once.
  await signOut(page);
  await signInWithPassword(page, account.email, account.password);
  await page.getByRole("link", { name: "Lost your phone? Use a recovery code" }).click();
  await expect(page.getByLabel("Recovery Code")).toBeVisible();
  await checkAtBothWidths(page, "two-factor-recovery");
  await page.getByLabel("Recovery Code").fill(codes[0]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(`${server.url}/`);

  // New recovery codes from Your Account replace the old ones (the rule: two-factor.test.ts).
  await page.goto(`${server.url}/admin/account`);
  // The two-factor form of Your Account (the page has other password fields).
  const section = page.locator("form#account-two-factor");
  await section.getByLabel("Current Password").fill(account.password);
  await section.getByRole("button", { name: "New Recovery Codes" }).click();
  await expect(toast(page, "New recovery codes")).toBeVisible();
  const renewedItems = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(renewedItems).toHaveCount(10);
  const renewed = await renewedItems.allTextContents();
  expect(renewed.filter((code) => codes.includes(code))).toEqual([]);

  // The used (and replaced) code no longer signs in; a new one does.
  await signOut(page);
  await signInWithPassword(page, account.email, account.password);
  await page.getByRole("link", { name: "Lost your phone? Use a recovery code" }).click();
  await page.getByLabel("Recovery Code").fill(codes[0]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(
    page.getByRole("main").getByText("That recovery code is not right, or it has been used already."),
  ).toBeVisible();
  await page.getByLabel("Recovery Code").fill(renewed[0]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(`${server.url}/`);

  // Turned off, signing in asks for the password only.
  await page.goto(`${server.url}/admin/account`);
  await section.getByLabel("Current Password").fill(account.password);
  await section.getByRole("button", { name: "Turn Off Two-Factor Sign-In" }).click();
  await expect(toast(page, "Two-factor sign-in is off")).toBeVisible();
  await expect(page.getByRole("link", { name: "Set Up Two-Factor Sign-In" })).toBeVisible();
  await signOut(page);
  await submitPassword(page, account.email, account.password);
  await expect(page).toHaveURL(`${server.url}/`);
  await context.close();
});

/** Sets up two-factor sign-in from Your Account; returns the key and the recovery codes shown. */
async function enrol(page: Page, password: string) {
  await page.goto(`${server.url}/auth/two-factor/setup`);
  await page.getByLabel("Current Password").fill(password);
  await page.getByRole("button", { name: "Continue" }).click();
  const shown = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(shown).toHaveCount(10);
  const codes = await shown.allTextContents();
  const secret = (await page.getByTestId("setup-key").textContent())!.replace(/\s/g, "");
  await page.getByLabel("Code from the app").fill(totpCode(secret));
  await page.getByRole("button", { name: "Turn On Two-Factor Sign-In" }).click();
  await expect(toast(page, "Two-factor sign-in is on")).toBeVisible();
  return { secret, codes };
}

test("a lost phone and lost recovery codes: an administrator turns two-factor off from Team", async ({
  page,
  browser,
}) => {
  test.slow();
  const account = newAccount("Lost", "staff.test");
  const theirs = await pageSignedInWith(browser, server.url, await signUpOverHttp(server, account));
  await enrol(theirs.page, account.password);
  await theirs.context.close();

  await server.signIn(page);
  await page.goto(`${server.url}/admin/settings/team`);
  const row = page.getByRole("region", { name: "Team" }).getByRole("row").filter({ hasText: account.email });
  const twoFactorCell = row.getByRole("cell").nth(2);
  await expect(twoFactorCell).toHaveText("On");
  await row.getByRole("button", { name: `More actions for ${account.email}` }).click();
  await page.getByRole("menuitem", { name: "Turn off two-factor sign-in" }).click();
  const dialog = page.getByRole("alertdialog", { name: `Turn off two-factor sign-in for ${account.name}?` });
  await expect(dialog).toContainText("signs in with the password alone");
  await dialog.getByRole("button", { name: "Turn Off" }).click();
  await expect(toast(page, "Two-factor sign-in turned off")).toBeVisible();
  await expect(twoFactorCell).toHaveText("Off");
  await expect(
    page
      .getByRole("region", { name: "Activity" })
      .getByRole("listitem")
      .filter({ hasText: "Turned off two-factor sign-in for the account" })
      .filter({ hasText: account.email }),
  ).toBeVisible();

  // Their password alone signs them in again (and they can set it up anew).
  const context = await browser.newContext();
  const again = await context.newPage();
  await submitPassword(again, account.email, account.password);
  await expect(again).toHaveURL(`${server.url}/`);
  await again.goto(`${server.url}/admin/account`);
  await expect(again.getByRole("link", { name: "Set Up Two-Factor Sign-In" })).toBeVisible();
  await context.close();
});

// Last in the file: it changes every account of this server (the file's tests run in order, in
// one worker, on the one server).
test("requiring two-factor sends staff without it to set it up before anything else", async ({ page, browser }) => {
  test.slow();
  const staff = newAccount("Bare", "staff.test");
  const { context, page: staffPage } = await pageSignedInWith(browser, server.url, await signUpOverHttp(server, staff));
  await server.signIn(page);
  await page.goto(`${server.url}/admin/settings/team`);
  await page.getByRole("button", { name: "Require Two-Factor for All Staff" }).click();
  await expect(toast(page, "Two-factor sign-in required")).toBeVisible();

  await staffPage.goto(`${server.url}/admin/clients`);
  await expect(staffPage).toHaveURL(`${server.url}/auth/two-factor/setup`);
  await expect(staffPage.getByText(/Your team requires a second step/)).toBeVisible();
  await expect(staffPage.getByRole("link", { name: "Not now" })).toHaveCount(0);
  await checkAtBothWidths(staffPage, "two-factor-required");
  await context.close();

  // The administrator is staff too.
  await page.goto(`${server.url}/admin`);
  await expect(page).toHaveURL(`${server.url}/auth/two-factor/setup`);
});
