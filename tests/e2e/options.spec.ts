import { expect, expectNoSeriousA11yViolations, test, toast } from "./support/fixtures";
import { pngFile } from "./support/images";
import { sharedEmptyServer, useIsolatedServer } from "./support/isolated";
import { storeTestImage } from "./support/seed-images";
import type { Seed } from "./support/server";

// Each test's own options: the one edited has an image to remove and a name
// to clash with; the one deleted is used by two projects.
const seed: Seed = async ({ dataDir, make }) => {
  const client = await make.client({ name: "Seed Client" });
  await make.option({ optionName: "Tube Slide", optionCategory: "Slides" });
  const image = await storeTestImage(dataDir, (ext) => `project-files/playground-options/scramble.${ext}`, 400, 300);
  await make.option({
    optionName: "Scramble Net",
    imageKey: image.key,
    imageWidth: image.width,
    imageHeight: image.height,
  });
  const spiral = await make.option({ optionName: "Spiral Slide", optionCategory: "Slides" });
  for (const title of ["One", "Two"]) {
    const project = await make.project({ title, clientId: client.id });
    await make.projectOption({ projectId: project.id, optionId: spiral.id });
  }
};

test.describe("playground options on an empty database", () => {
  const empty = sharedEmptyServer();
  test("says there are none yet", async ({ page }) => {
    await empty.signIn(page);
    await page.goto(`${empty.url}/admin/options`);
    await expect(page.getByText("No playground options yet")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("playground options", () => {
  const server = useIsolatedServer({ seed });
  test.beforeEach(async ({ page }) => server.signIn(page));

  test("add an option with an image; an empty category becomes General", async ({ page }) => {
    await page.goto(`${server.url}/admin/options`);
    for (const header of ["Image", "Name", "Category", "Description", "Actions"]) {
      await expect(page.getByRole("columnheader", { name: header })).toBeVisible();
    }
    await page.getByRole("button", { name: "Add Option" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Option" });
    await expectNoSeriousA11yViolations(page, "add option dialog");
    await dialog.getByRole("button", { name: "Create Option" }).click();
    await expect(dialog.getByText("Name is required")).toBeVisible();

    await dialog.getByLabel("Name").fill("Climbing Net");
    await dialog.getByLabel("Description").fill("A rope net for climbing.");
    await dialog.getByLabel("Image").setInputFiles(await pngFile("net.png", 800, 600));
    await expect(dialog.getByRole("img", { name: "New image preview" })).toBeVisible();
    await dialog.getByRole("button", { name: "Create Option" }).click();
    await expect(toast(page, "Option created")).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = page.getByRole("row", { name: /Climbing Net/ });
    await expect(row).toContainText("General");
    await expect(row).toContainText("A rope net for climbing.");
    await expect(row.getByRole("img", { name: "Climbing Net" })).toBeVisible();
  });

  test("edit is titled 'Edit Option'; a duplicate name says so", async ({ page }) => {
    await page.goto(`${server.url}/admin/options`);
    await page.getByRole("button", { name: "Edit Scramble Net" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Option" });
    await expect(dialog.getByLabel("Name")).toHaveValue("Scramble Net");
    await dialog.getByLabel("Name").fill("Tube Slide");
    await dialog.getByRole("button", { name: "Update Option" }).click();
    await expect(dialog.getByText('An option named "Tube Slide" already exists.')).toBeVisible();
    await expect(toast(page, "Error saving option")).toBeVisible();
    await dialog.getByLabel("Name").fill("Cargo Net");
    await dialog.getByLabel("Category").fill("Climbing");
    await dialog.getByRole("button", { name: "Remove image" }).click();
    await dialog.getByRole("button", { name: "Update Option" }).click();
    await expect(toast(page, "Option updated")).toBeVisible();
    const row = page.getByRole("row", { name: /Cargo Net/ });
    await expect(row).toContainText("Climbing");
    await expect(row.locator("img")).toHaveCount(0);
  });

  test("deleting says how many projects lose the option", async ({ page }) => {
    await page.goto(`${server.url}/admin/options`);
    await page.getByRole("button", { name: "Delete Spiral Slide" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("Are you sure? This will permanently delete the option and cannot be undone.");
    await expect(confirm).toContainText("2 projects use this option and will lose it.");
    await expectNoSeriousA11yViolations(page, "delete option");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Option deleted")).toBeVisible();
    await expect(page.getByRole("row", { name: /Spiral Slide/ })).toHaveCount(0);
  });
});
