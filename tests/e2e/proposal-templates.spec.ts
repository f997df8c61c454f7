// Proposal templates as staff use them: Save as template on a proposal's page
// (a name asked, the toast), the templates list from the proposals list (its
// sections and lines counted) at 1440 and 390 px with axe clean, a template
// opened, then deleted after the confirmation. The rules are in
// app/routes/admin/proposals/templates.test.ts.
import { expect, test, toast, waitForHydration } from "./support/fixtures";
import { seededSharedServer } from "./support/isolated";
import { checkAtBothWidths } from "./support/screens";
import { PROPOSAL } from "./support/seeds/proposal-templates";

// On the shared server, with its proposal (seeds/proposal-templates.ts): no other spec there makes a
// template, and the one this test saves it deletes again.
const server = seededSharedServer();

test("save a proposal as a template, find it in the templates list, open it and delete it", async ({ page }) => {
  test.setTimeout(90_000);
  await server.signIn(page);
  await page.goto(`${server.url}/admin/proposals/${PROPOSAL}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Save as template" }).click();
  const dialog = page.getByRole("dialog", { name: "Save as template" });
  await expect(dialog.getByLabel("Template name")).toHaveValue("Birch back field");
  await dialog.getByLabel("Template name").fill("School standard");
  await dialog.getByRole("button", { name: "Save template" }).click();
  await expect(toast(page, "Template saved")).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.goto(`${server.url}/admin/proposals`);
  await page.getByRole("link", { name: "Templates" }).click();
  await expect(page.getByRole("heading", { name: "Proposal templates", level: 1 })).toBeVisible();
  const row = page.getByRole("row", { name: /School standard/ });
  await expect(row.getByRole("cell")).toHaveText(["School standard", "1", "2", /\d{4}/, ""]);
  await checkAtBothWidths(page, "proposal-templates");

  await row.getByRole("link", { name: "School standard" }).click();
  await expect(page.getByRole("heading", { name: "School standard", level: 1 })).toBeVisible();
  await expect(page.getByText("Rope pyramid")).toBeVisible();
  await page.getByRole("link", { name: "Back to templates" }).click();

  await waitForHydration(page);
  await page.getByRole("button", { name: "Actions for School standard" }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  const confirm = page.getByRole("alertdialog", { name: 'Delete "School standard"?' });
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Template deleted")).toBeVisible();
  await expect(page.getByText("No proposal templates yet.")).toBeVisible();
});
