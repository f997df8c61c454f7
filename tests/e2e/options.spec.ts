import { expect, expectNoSeriousA11yViolations, test, toast } from "./support/fixtures";
import { pngFile } from "./support/images";
import { sharedEmptyServer, useIsolatedServer } from "./support/isolated";
import { storeTestImage } from "./support/seed-images";
import type { Seed } from "./support/server";

// The option edited has an image to remove; the one deleted is used by two projects.
const seed: Seed = async ({ dataDir, make }) => {
  const client = await make.client({ name: "Seed Client" });
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

  // A blank name, a duplicate name, General for a blank category, and what a delete takes from
  // projects are the domain's rules (options.test.ts); here a person adds, edits and deletes.
  test("add an option with an image (no category: General); edit it and remove its image; a delete says how many projects lose the option", async ({
    page,
  }) => {
    await page.goto(`${server.url}/admin/options`);
    for (const header of ["Image", "Name", "Category", "Description", "Actions"]) {
      await expect(page.getByRole("columnheader", { name: header })).toBeVisible();
    }
    await page.getByRole("button", { name: "Add Option" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Option" });
    await dialog.getByLabel("Name").fill("Climbing Net");
    await dialog.getByLabel("Description").fill("A rope net for climbing.");
    await dialog.getByLabel("Image").setInputFiles(await pngFile("net.png", 800, 600));
    await expect(dialog.getByRole("img", { name: "New image preview" })).toBeVisible();
    await expectNoSeriousA11yViolations(page, "add option dialog");
    await dialog.getByRole("button", { name: "Create Option" }).click();
    await expect(toast(page, "Option created")).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = page.getByRole("row", { name: /Climbing Net/ });
    await expect(row).toContainText("General");
    await expect(row).toContainText("A rope net for climbing.");
    await expect(row.getByRole("img", { name: "Climbing Net" })).toBeVisible();

    await page.getByRole("button", { name: "Edit Scramble Net" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Option" });
    await expect(edit.getByLabel("Name")).toHaveValue("Scramble Net");
    await edit.getByLabel("Name").fill("Cargo Net");
    await edit.getByLabel("Category").fill("Climbing");
    await edit.getByRole("button", { name: "Remove image" }).click();
    await edit.getByRole("button", { name: "Update Option" }).click();
    await expect(toast(page, "Option updated")).toBeVisible();
    const edited = page.getByRole("row", { name: /Cargo Net/ });
    await expect(edited).toContainText("Climbing");
    await expect(edited.locator("img")).toHaveCount(0);

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
