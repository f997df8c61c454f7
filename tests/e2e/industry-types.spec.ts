import { expect, expectNoSeriousA11yViolations, test, toast } from "./support/fixtures";
import { useIsolatedServer } from "./support/isolated";

test.describe("industry types", () => {
  const server = useIsolatedServer({
    seed: async ({ make }) => {
      await make.client({ name: "Seed Client" });
    },
  });
  test.beforeEach(async ({ page }) => server.signIn(page));

  test("settings: side navigation and the bare path's text", async ({ page }) => {
    await page.goto(`${server.url}/admin/settings`);
    await expect(page.getByText("Select a settings category from the left")).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Settings" });
    await expect(nav.getByRole("link", { name: /Industry Types/ })).toContainText("Manage industry type options");
    await nav.getByRole("link", { name: /Industry Types/ }).click();
    await expect(page).toHaveURL(/\/admin\/settings\/industry-types$/);
  });

  test("a rename shows on the client that uses the type", async ({ page }) => {
    await page.goto(`${server.url}/admin/settings/industry-types`);
    await page.getByRole("button", { name: "Add Industry Type" }).click();
    await page.getByRole("dialog").getByLabel("Name").fill("Parks");
    await page.getByRole("dialog").getByRole("button", { name: "Create" }).click();
    await expect(page.getByRole("dialog")).toBeHidden();

    await page.goto(`${server.url}/admin/clients`);
    await page.getByRole("link", { name: "Seed Client" }).click();
    await expect(page).toHaveURL(/\/edit$/);
    await page.getByLabel("Industry Type", { exact: true }).selectOption("Parks");
    await page.getByRole("button", { name: "Update Client" }).click();
    await expect(page).toHaveURL(/\/admin\/clients$/);
    await expect(page.getByRole("row", { name: /Seed Client/ })).toContainText("Parks");

    await page.goto(`${server.url}/admin/settings/industry-types`);
    await page.getByRole("button", { name: "Edit Parks" }).click();
    await page.getByRole("dialog").getByLabel("Name").fill("City Parks");
    await page.getByRole("dialog").getByRole("button", { name: "Update" }).click();
    await expect(page.getByRole("dialog")).toBeHidden();
    await page.goto(`${server.url}/admin/clients`);
    await expect(page.getByRole("row", { name: /Seed Client/ })).toContainText("City Parks");
  });
});

// Starts and ends on the empty list: no other test's types may be there.
test.describe("industry types from an empty list", () => {
  const server = useIsolatedServer();
  test.beforeEach(async ({ page }) => server.signIn(page));

  test("empty list, then add, refuse blanks and duplicates, edit and delete", async ({ page }) => {
    await page.goto(`${server.url}/admin/settings/industry-types`);
    await expect(page.getByText("No industry types found. Add your first industry type to get started.")).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Spaces only: the toast, and nothing saved.
    await page.getByRole("button", { name: "Add Industry Type" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Industry Type" });
    await dialog.getByLabel("Name").fill("   ");
    await dialog.getByRole("button", { name: "Create" }).click();
    await expect(toast(page, "Name is required")).toBeVisible();
    await expect(dialog.getByText("Name is required")).toBeVisible();
    await expectNoSeriousA11yViolations(page, "industry type dialog");

    await dialog.getByLabel("Name").fill("Schools");
    await dialog.getByLabel("Description").fill("Primary and secondary schools");
    await dialog.getByRole("button", { name: "Create" }).click();
    await expect(toast(page, "Industry type created")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("row", { name: /Schools Primary and secondary schools/ })).toBeVisible();

    // A duplicate name says so.
    await page.getByRole("button", { name: "Add Industry Type" }).click();
    await page.getByRole("dialog").getByLabel("Name").fill("Schools");
    await page.getByRole("dialog").getByRole("button", { name: "Create" }).click();
    await expect(page.getByRole("dialog").getByText('An industry type named "Schools" already exists.')).toBeVisible();
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();

    // Edit: renaming reaches the clients that use the type.
    await page.getByRole("button", { name: "Edit Schools" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Industry Type" });
    await edit.getByLabel("Name").fill("Education");
    await edit.getByRole("button", { name: "Update" }).click();
    await expect(toast(page, "Industry type updated")).toBeVisible();
    await expect(page.getByRole("cell", { name: "Education", exact: true })).toBeVisible();

    // Delete asks first, with the spec's words.
    await page.getByRole("button", { name: "Delete Education" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm.getByRole("heading", { name: 'Delete "Education"?' })).toBeVisible();
    await expect(confirm).toContainText(
      "This action cannot be undone. This will permanently delete this industry type.",
    );
    await expectNoSeriousA11yViolations(page, "delete industry type");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Industry type deleted")).toBeVisible();
    await expect(page.getByText("No industry types found. Add your first industry type to get started.")).toBeVisible();
  });
});
