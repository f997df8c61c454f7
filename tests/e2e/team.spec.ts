import { confirmationLink, newAccount, sharedServer, signUpOverHttp } from "./support/accounts";
import { fillSignUp } from "./support/auth-form";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { ADMIN_STATE, STAFF_STATE } from "./support/paths";

test.describe("pending accounts and the Team page", () => {
  // Who waits and who is let in is the sign-up action's (app/routes/auth/sign-up.test.ts, pending.test.ts).
  test("a new account outside the staff domains shows 'Creating account...', then waits for access", async ({
    page,
  }) => {
    const account = newAccount("Pending");
    const form = await fillSignUp(page, account);
    // Hold the request a moment so the pending label can be seen.
    await page.route("**/auth.data*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await form.getByRole("button", { name: "Sign Up" }).click();
    await expect(form.getByRole("button", { name: "Creating account..." })).toBeDisabled();
    // Signed in by the sign-up.
    await expect(page).toHaveURL("/");
    await page.goto("/admin");
    await expect(page).toHaveURL("/pending");
    await expect(page.getByRole("heading", { name: "Waiting for access" })).toBeVisible();
    await expect(page.getByText(account.email)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("a staff-domain address waits until its owner follows the mailed link, then is staff", async ({ page }) => {
    const server = sharedServer();
    const account = newAccount("Domain", "staff.test");
    const form = await fillSignUp(page, account);
    await form.getByRole("button", { name: "Sign Up" }).click();
    // Signed in by the sign-up, but still waiting before following the link, and told why.
    await expect(page).toHaveURL("/");
    await page.goto("/admin/contracts");
    await expect(page).toHaveURL("/pending");
    await expect(page.getByText(/Confirm your email address to get staff access/)).toBeVisible();

    const { pathname, search } = new URL(confirmationLink(server.dataDir, account.email));
    await page.goto(`${pathname}${search}`);
    await expect(page).toHaveURL("/");
    await page.goto("/admin/contracts");
    await expect(page).toHaveURL("/admin/contracts");
  });

  test.describe("as an admin", () => {
    test.use({ storageState: ADMIN_STATE });

    test("granting and revoking access takes effect at once; an admin cannot change their own", async ({
      page,
      browser,
      baseURL,
      accounts,
    }) => {
      const account = newAccount("Applicant");
      const cookies = await signUpOverHttp(sharedServer(), account);
      const applicant = await browser.newContext();
      const [name, value] = cookies[0]!.split(";")[0]!.split("=");
      await applicant.addCookies([{ name: name!, value: value!, url: baseURL! }]);
      const applicantPage = await applicant.newPage();
      await applicantPage.goto("/admin");
      await expect(applicantPage).toHaveURL("/pending");

      await page.goto("/admin/settings/team");
      await expect(page.getByRole("heading", { name: "Team" })).toBeVisible();
      const row = page.getByRole("region", { name: "Team" }).getByRole("row").filter({ hasText: account.email });
      await expect(row).toContainText("Waiting for access");
      await expect(row).toContainText("Not verified");
      await expect(page.getByRole("columnheader", { name: "Address" })).toBeVisible();
      await row.getByRole("button", { name: `Grant access: ${account.email}` }).click();
      await expect(page.getByRole("listitem").filter({ hasText: "Staff access granted" })).toBeVisible();
      await expect(row).toContainText("Staff");

      await applicantPage.goto("/admin");
      await expect(applicantPage).toHaveURL("/admin");
      await expect(applicantPage.getByText("Total Clients")).toBeVisible();

      await row.getByRole("button", { name: `Revoke access: ${account.email}` }).click();
      await expect(page.getByRole("listitem").filter({ hasText: "Access revoked" })).toBeVisible();
      await applicantPage.goto("/admin/settings");
      await expect(applicantPage).toHaveURL("/pending");
      await applicant.close();

      const me = page.getByRole("region", { name: "Team" }).getByRole("row").filter({ hasText: accounts.admin.email });
      await expect(me).toContainText("You");
      // The admin of the test server confirmed their staff.test address.
      await expect(me).toContainText("Verified");
      await expect(me.getByRole("button")).toHaveCount(0);
    });
  });

  test.describe("as staff", () => {
    test.use({ storageState: STAFF_STATE });

    test("the Team page is for admins only", async ({ page }) => {
      await page.goto("/admin/settings");
      await expect(page.getByText("Select a settings category from the left")).toBeVisible();
      await expect(page.getByRole("link", { name: /Team/ })).toHaveCount(0);
      const response = await page.goto("/admin/settings/team");
      expect(response?.status()).toBe(403);
      await expect(page.getByText("Only administrators can open this page.")).toBeVisible();
    });
  });
});
