// A CSV import as staff make it (issue 30): upload, map a column the headers
// did not name, see the preview's errors by row and column, fix the file,
// import, and undo the import. The rules themselves (matching, hostile files,
// round trip) are proved in app/domain/import/import.test.ts.
import type { Page } from "@playwright/test";
import { expect, test, toast } from "./support/fixtures";
import { seededSharedServer } from "./support/isolated";
import { checkAtBothWidths } from "./support/screens";

const file = (rows: string[]) => ({
  name: "contacts.csv",
  mimeType: "text/csv",
  // As Excel writes it in much of Europe: a byte-order mark and semicolons.
  buffer: Buffer.from(`\uFEFFName;Email;Telefon;Client\r\n${rows.join("\r\n")}\r\n`),
});

const broken = file(["Ann Archer;ann@pine.test;0113 496 0000;Pine Club", "Ben Brook;not-an-email;;Birch Ltd"]);
const fixed = file(["Ann Archer;ann@pine.test;0113 496 0000;Pine Club", "Ben Brook;ben@birch.test;;Birch Ltd"]);

test.describe("import", () => {
  // Its client, Pine Club, is seeded into the shared server (support/seeds/import.ts).
  const server = seededSharedServer();
  test.beforeEach(async ({ page }) => server.signIn(page));

  async function upload(page: Page, csv: typeof broken) {
    await page.getByRole("radio", { name: "Contacts", exact: true }).check();
    await page.getByLabel("CSV file").setInputFiles(csv);
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByRole("heading", { name: "Map columns" })).toBeVisible();
    // "Telefon" is not a header the phone field is guessed from: mapped by hand.
    await expect(page.getByLabel("Telefon")).toHaveValue("");
    await expect(page.getByLabel("Email")).toHaveValue("email");
    await page.getByLabel("Telefon").selectOption({ label: "Phone" });
  }

  test("upload, map, see the errors, fix the file, import, undo", async ({ page }) => {
    await page.goto(`${server.url}/admin/contacts`);
    await page.getByRole("link", { name: "Import CSV" }).click();
    await expect(page.getByRole("heading", { name: "Import", exact: true })).toBeVisible();
    await checkAtBothWidths(page, "import-upload");

    await upload(page, broken);
    await checkAtBothWidths(page, "import-mapping");
    await page.getByRole("button", { name: "Preview" }).click();

    const errors = page.getByRole("table", { name: "Rows with errors" });
    await expect(errors.getByRole("row", { name: "3 Email Invalid email" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Import 2 rows" })).toBeDisabled();
    await checkAtBothWidths(page, "import-preview-errors");

    // The fix: the corrected file, uploaded again.
    await page.getByRole("link", { name: "Upload another file" }).click();
    await upload(page, fixed);
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByText("2 new contacts, 0 contacts to update")).toBeVisible();
    await expect(page.getByText("New clients: Birch Ltd")).toBeVisible();
    await page.getByRole("button", { name: "Import 2 rows" }).click();
    // New clients must be confirmed.
    await expect(page.getByRole("alert")).toHaveText(
      "Confirm creating the new clients and industry types, or fix their names.",
    );
    await page.getByLabel("Create the new clients listed above").check();
    await checkAtBothWidths(page, "import-preview-ready");
    await page.getByRole("button", { name: "Import 2 rows" }).click();
    await expect(page.getByRole("heading", { name: "Imported" })).toBeVisible();
    await expect(page.getByText('"contacts.csv": 3 records created, 0 records updated.')).toBeVisible();
    await checkAtBothWidths(page, "import-done");

    await page.getByRole("link", { name: "Open the contacts list" }).click();
    await expect(page.getByRole("row", { name: /Ben Brook/ })).toContainText("Birch Ltd");
    await expect(page.getByRole("row", { name: /Ann Archer/ })).toContainText("0113 496 0000");

    await page.goto(`${server.url}/admin/import`);
    await page.getByRole("button", { name: "Undo the import of contacts.csv" }).click();
    await expect(toast(page, 'Undid the import of "contacts.csv"')).toBeVisible();
    await expect(page.getByRole("region", { name: "Recent imports" }).getByRole("listitem")).toContainText("Undone");
    await page.goto(`${server.url}/admin/contacts`);
    await expect(page.getByRole("row", { name: /Ben Brook|Ann Archer/ })).toHaveCount(0);
    await page.goto(`${server.url}/admin/clients`);
    await expect(page.getByRole("row", { name: /Birch Ltd/ })).toHaveCount(0);
  });
});
