import { expect, expectNoSeriousA11yViolations, test, toast } from "./support/fixtures";
import { sharedEmptyServer } from "./support/isolated";
import { ADMIN_STATE } from "./support/paths";

// A blank name, a duplicate, and a rename reaching the clients that use the type are the
// domain's rules (industry-types.test.ts); here a person finds the page and works the dialogs.
test.describe("industry types", () => {
  test("settings' side navigation leads to the empty list", async ({ page }) => {
    const empty = sharedEmptyServer();
    await empty.signIn(page);
    await page.goto(`${empty.url}/admin/settings`);
    await expect(page.getByText("Select a settings category from the left")).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Settings" });
    await expect(nav.getByRole("link", { name: /Industry Types/ })).toContainText("Manage industry type options");
    await nav.getByRole("link", { name: /Industry Types/ }).click();
    await expect(page).toHaveURL(/\/admin\/settings\/industry-types$/);
    await expect(page.getByText("No industry types found. Add your first industry type to get started.")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test.describe("on the shared server", () => {
    test.use({ storageState: ADMIN_STATE });

    test("add, refuse blanks and duplicates, edit and delete", async ({ page }) => {
      // Names of this run's own: other specs share the server.
      const id = Date.now().toString(36);
      const name = `Schools ${id}`;
      const renamed = `Education ${id}`;
      await page.goto("/admin/settings/industry-types");

      // Spaces only: the toast, and nothing saved.
      await page.getByRole("button", { name: "Add Industry Type" }).click();
      const dialog = page.getByRole("dialog", { name: "Add Industry Type" });
      await dialog.getByLabel("Name").fill("   ");
      await dialog.getByRole("button", { name: "Create" }).click();
      await expect(toast(page, "Name is required")).toBeVisible();
      await expect(dialog.getByText("Name is required")).toBeVisible();
      await expectNoSeriousA11yViolations(page, "industry type dialog");

      await dialog.getByLabel("Name").fill(name);
      await dialog.getByLabel("Description").fill("Primary and secondary schools");
      await dialog.getByRole("button", { name: "Create" }).click();
      await expect(toast(page, "Industry type created")).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole("row", { name: `${name} Primary and secondary schools` })).toBeVisible();

      // A duplicate name says so, on its field.
      await page.getByRole("button", { name: "Add Industry Type" }).click();
      await page.getByRole("dialog").getByLabel("Name").fill(name);
      await page.getByRole("dialog").getByRole("button", { name: "Create" }).click();
      await expect(
        page.getByRole("dialog").getByText(`An industry type named "${name}" already exists.`),
      ).toBeVisible();
      await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();

      await page.getByRole("button", { name: `Edit ${name}` }).click();
      const edit = page.getByRole("dialog", { name: "Edit Industry Type" });
      await edit.getByLabel("Name").fill(renamed);
      await edit.getByRole("button", { name: "Update" }).click();
      await expect(toast(page, "Industry type updated")).toBeVisible();
      await expect(page.getByRole("cell", { name: renamed, exact: true })).toBeVisible();

      // Delete asks first, with the spec's words.
      await page.getByRole("button", { name: `Delete ${renamed}` }).click();
      const confirm = page.getByRole("alertdialog");
      await expect(confirm.getByRole("heading", { name: `Delete "${renamed}"?` })).toBeVisible();
      await expect(confirm).toContainText(
        "This action cannot be undone. This will permanently delete this industry type.",
      );
      await expectNoSeriousA11yViolations(page, "delete industry type");
      await confirm.getByRole("button", { name: "Delete" }).click();
      await expect(toast(page, "Industry type deleted")).toBeVisible();
      await expect(page.getByRole("cell", { name: renamed, exact: true })).toHaveCount(0);
    });
  });
});
