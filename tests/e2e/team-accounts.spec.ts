// Team: disabling and enabling an account, a password reset link, each account's state, the activity.
import { mailedLink, newAccount, pageSignedInWith, sharedServer, signUpOverHttp } from "./support/accounts";
import { expect, test, toast } from "./support/fixtures";
import { ADMIN_STATE } from "./support/paths";
import { checkAtBothWidths } from "./support/screens";

test.use({ storageState: ADMIN_STATE });

test("disable ends the account's sessions at once and refuses its sign-in; enable and a reset link bring it back", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const server = sharedServer();
  const colleague = newAccount("Leaver", "staff.test");
  const cookies = await signUpOverHttp(server, colleague);
  const { context: theirs, page: theirPage } = await pageSignedInWith(browser, baseURL!, cookies);
  await theirPage.goto("/admin/clients");
  await expect(theirPage.getByRole("heading", { name: "Clients", level: 1 })).toBeVisible();

  await page.goto("/admin/settings/team");
  const row = page.getByRole("region", { name: "Team" }).getByRole("row").filter({ hasText: colleague.email });
  await expect(row).toContainText("Verified");
  await expect(row).toContainText("Staff");
  await expect(page.getByRole("columnheader", { name: "Two-factor" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Last sign-in" })).toBeVisible();

  await row.getByRole("button", { name: `More actions for ${colleague.email}` }).click();
  await page.getByRole("menuitem", { name: "Disable account" }).click();
  const dialog = page.getByRole("alertdialog", { name: `Disable ${colleague.name}?` });
  await expect(dialog).toContainText("signed out everywhere at once");
  await dialog.getByRole("button", { name: "Disable Account" }).click();
  await expect(toast(page, "Account disabled")).toBeVisible();
  await expect(row).toContainText("Disabled");

  // Their session is refused on its next request. Asked from a new page of their browser: the open
  // one may be sent to sign in by its live stream at any moment, taking a click's link away.
  const theirNext = await theirs.newPage();
  await theirNext.goto("/admin/projects");
  await expect(theirNext).toHaveURL(/\/auth\?redirectTo=%2Fadmin%2Fprojects$/);
  const signIn = theirNext.locator("#sign-in");
  await signIn.getByLabel("Email").fill(colleague.email);
  await signIn.getByLabel("Password").fill(colleague.password);
  await signIn.getByRole("button", { name: "Sign In" }).click();
  await expect(signIn.getByRole("alert")).toHaveText(
    "This account has been disabled. Ask an administrator to enable it again.",
  );

  await row.getByRole("button", { name: `More actions for ${colleague.email}` }).click();
  await page.getByRole("menuitem", { name: "Enable account" }).click();
  await expect(toast(page, "Account enabled")).toBeVisible();
  await expect(row).not.toContainText("Disabled");

  await row.getByRole("button", { name: `More actions for ${colleague.email}` }).click();
  await page.getByRole("menuitem", { name: "Send password reset link" }).click();
  await expect(toast(page, "Password reset link sent")).toBeVisible();
  expect(mailedLink(server.dataDir, colleague.email, "/auth/reset-password")).toContain("token=");

  await signIn.getByRole("button", { name: "Sign In" }).click();
  await expect(theirNext).toHaveURL(/\/admin\/projects$/);
  await theirs.close();

  await page.reload();
  await expect(row).toContainText(/\w{3} \d{1,2}, \d{4}/);
  const activity = page.getByRole("region", { name: "Activity" });
  for (const action of ["Disabled the account", "Enabled the account", "Sent a password reset link"]) {
    await expect(
      activity.getByRole("listitem").filter({ hasText: action }).filter({ hasText: colleague.email }).first(),
    ).toBeVisible();
  }

  // Filtered by kind (a select applies at once), then by person; the URL keeps the filters.
  await activity.getByRole("combobox", { name: "Filter by kind" }).selectOption("Passwords");
  await expect(page).toHaveURL(/kind=password/);
  await expect(activity.getByRole("listitem").filter({ hasText: "Sent a password reset link" }).first()).toBeVisible();
  await expect(activity.getByRole("listitem").filter({ hasText: "Disabled the account" })).toHaveCount(0);
  await activity.getByRole("combobox", { name: "Filter by person" }).selectOption({ value: await personValue() });
  await expect(page).toHaveURL(/person=/);
  await expect(activity.getByRole("listitem").filter({ hasText: colleague.email }).first()).toBeVisible();
  // The Team page's one axe scan (and its width at 390 px), with accounts and a filtered activity.
  await checkAtBothWidths(page, "team-activity-filtered");

  async function personValue() {
    const option = activity.getByRole("option", { name: `${colleague.name} (${colleague.email})` });
    return (await option.getAttribute("value"))!;
  }
});

test("on a phone every row's actions are on screen, its state folded under its name", async ({ page, accounts }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/settings/team");
  const row = page.getByRole("region", { name: "Team" }).getByRole("row").filter({ hasText: accounts.staff.email });
  await expect(row.getByText(/Two-factor (on|off) · Last sign-in/)).toBeVisible();
  await expect(row.getByText("Staff", { exact: true }).filter({ visible: true })).toHaveCount(1);
  for (const action of [`Revoke access: ${accounts.staff.email}`, `More actions for ${accounts.staff.email}`]) {
    const box = (await row.getByRole("button", { name: action }).boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
});
