import { newAccount, sharedServer, signUpOverHttp } from "./support/accounts";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";

// Every message of the forms is the schema's (app/domain/users/schema.test.ts; the mechanism is
// shown here once, on the sign-in form); where a sign-in or sign-up may send the browser is the
// action's (app/routes/auth/sign-up.test.ts, app/.server/auth/redirect-target.test.ts); the first
// account of an installation is its administrator (sign-up.test.ts).
test.describe("sign-in and sign-up", () => {
  test("the page shows the spec's texts and passes axe", async ({ page }) => {
    await page.goto("/auth");
    await expect(page.getByText("Sign in to manage your playable ads")).toBeVisible();
    await expect(page.getByRole("tab", { name: "Sign In" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tab", { name: "Sign Up" })).toBeVisible();
    await expect(page.getByText(/REQUIRE_EMAIL_VERIFICATION/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("tab", { name: "Sign Up" }).click();
    await expect(page.getByLabel("Confirm Password")).toBeVisible();
    await expectNoSeriousA11yViolations(page, "/auth sign-up tab");
  });

  test("sign-in errors: validation, then a wrong password keeps the visitor on the page with a toast", async ({
    page,
    accounts,
  }) => {
    await page.goto("/auth");
    const form = page.locator("#sign-in");
    await form.getByLabel("Email").fill("nobody");
    await form.getByLabel("Password").fill("123");
    await form.getByRole("button", { name: "Sign In" }).click();
    await expect(form.getByText("Invalid email address")).toBeVisible();
    await expect(form.getByText("Password must be at least 6 characters")).toBeVisible();

    await form.getByLabel("Email").fill(accounts.staff.email);
    await form.getByLabel("Password").fill("definitely-wrong");
    await page.route("**/auth.data*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await form.getByRole("button", { name: "Sign In" }).click();
    await expect(form.getByRole("button", { name: "Signing in..." })).toBeDisabled();
    await expect(page.getByRole("listitem").filter({ hasText: "Sign in failed" })).toContainText(
      "Invalid email or password",
    );
    await expect(form.getByRole("alert")).toHaveText("Invalid email or password");
    await expect(page).toHaveURL(/\/auth/);
  });

  test("an anonymous visit to an admin page goes to /auth and back after signing in", async ({ page, accounts }) => {
    await page.goto("/admin/settings/team?tab=1");
    await expect(page).toHaveURL("/auth?redirectTo=%2Fadmin%2Fsettings%2Fteam%3Ftab%3D1");
    const form = page.locator("#sign-in");
    await form.getByLabel("Email").fill(accounts.admin.email);
    await form.getByLabel("Password").fill(accounts.admin.password);
    await form.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL("/admin/settings/team?tab=1");
    await expect(page.getByRole("heading", { name: "Team" })).toBeVisible();
  });

  test("sign-out revokes the session and says so", async ({ page, baseURL }) => {
    const account = newAccount("Leaver", "staff.test");
    const cookies = await signUpOverHttp(sharedServer(), account);
    const [name, value] = cookies[0]!.split(";")[0]!.split("=");
    await page.context().addCookies([{ name: name!, value: value!, url: baseURL! }]);
    await page.goto("/admin");
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL("/auth");
    const toast = page.getByRole("listitem").filter({ hasText: "Signed out" });
    await expect(toast).toContainText("You have been signed out successfully.");
    // The old cookie no longer opens anything.
    await page.context().addCookies([{ name: name!, value: value!, url: baseURL! }]);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fadmin/);
  });
});
