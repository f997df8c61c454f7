// "Require two-factor for all staff", on a server of its own: it changes every account there.
import { newAccount, pageSignedInWith, signUpOverHttp } from "./support/accounts";
import { expect, test, toast } from "./support/fixtures";
import { useIsolatedServer } from "./support/isolated";
import { checkAtBothWidths } from "./support/screens";

const server = useIsolatedServer();

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
