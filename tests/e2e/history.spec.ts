// A record's History panel and the activity list as staff use them: a change
// shows with its field before and after and is reverted; a deleted client is
// restored with its contact from the activity list (issue 30). Two tests, not one: each
// checks two screens at both widths, and together they ran past the 30 s a test has on a busy machine.
import { readFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";
import { expect, test, toast } from "./support/fixtures";
import { useIsolatedServer } from "./support/isolated";
import { checkAtBothWidths } from "./support/screens";

test.describe("history", () => {
  const server = useIsolatedServer({
    seed: async ({ make }) => {
      const client = await make.client({ name: "Sunny Parks", location: "Leeds" });
      await make.contact({ clientId: client.id, name: "Ann Contact", email: "ann@sunny.test" });
      await make.client({ name: "=HYPERLINK(1) Ltd", location: "Hull" });
      await make.client({ name: "Other Works" });
      const harbour = await make.client({ name: "Harbour Play", location: "Whitby" });
      await make.contact({ clientId: harbour.id, name: "Bo Contact", email: "bo@harbour.test" });
      await make.option({ optionName: "Swing Set", optionCategory: "Swings" });
    },
  });
  test.beforeEach(async ({ page }) => server.signIn(page));

  test("a change in the History panel is reverted", async ({ page }) => {
    await page.goto(`${server.url}/admin/clients`);
    await page.getByRole("link", { name: "Sunny Parks" }).click();
    await page.getByLabel("Location").fill("York");
    await page.getByRole("button", { name: "Update Client" }).click();
    await expect(page).toHaveURL(/\/admin\/clients$/);

    await page.getByRole("link", { name: "Sunny Parks" }).click();
    const history = page.getByRole("list", { name: "History" });
    const change = history.getByRole("listitem").filter({ hasText: 'Changed client "Sunny Parks"' });
    await expect(change).toContainText("Location");
    await expect(change.getByRole("deletion")).toHaveText("Leeds");
    await expect(change.getByRole("insertion")).toHaveText("York");
    await checkAtBothWidths(page, "history-panel");
    await change.getByRole("button", { name: "Revert" }).click();
    await expect(toast(page, "Reverted the change to the client")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Location")).toHaveValue("Leeds");
  });

  test("a deleted client is restored with its contact from the activity list", async ({ page }) => {
    await page.goto(`${server.url}/admin/clients`);
    await page.getByRole("button", { name: "Actions for Harbour Play" }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Client deleted")).toBeVisible();

    await page.goto(`${server.url}/admin/settings`);
    await page
      .getByRole("navigation", { name: "Settings" })
      .getByRole("link", { name: /Recently deleted/ })
      .click();
    await expect(
      page.getByRole("list", { name: "Recently deleted" }).getByRole("listitem").filter({ hasText: "Harbour Play" }),
    ).toContainText("Restore");
    await checkAtBothWidths(page, "recently-deleted");

    await page.goto(`${server.url}/admin/activity`);
    await page.getByLabel("Deleted records only").check();
    await expect(page).toHaveURL(/deleted=1/);
    const deleted = page
      .getByRole("list", { name: "Activity" })
      .getByRole("listitem")
      .filter({ hasText: 'Deleted client "Harbour Play"' });
    await checkAtBothWidths(page, "activity-deleted");
    await deleted.getByRole("button", { name: "Restore" }).click();
    await expect(toast(page, "Restored the client")).toBeVisible();

    await page.goto(`${server.url}/admin/clients`);
    await page.getByRole("link", { name: "Harbour Play" }).click();
    await expect(page.getByLabel("Location")).toHaveValue("Whitby");
    await page.goto(`${server.url}/admin/contacts`);
    await expect(page.getByRole("row", { name: /Bo Contact/ })).toContainText("Harbour Play");
  });

  // Settings → Company's history is the route's (app/routes/admin/history.test.ts); the panel is the one above.
  test("an option's History opens from its row by keyboard", async ({ page }) => {
    await page.goto(`${server.url}/admin/options`);
    await page.getByRole("button", { name: "Edit Swing Set" }).click();
    await page.getByRole("dialog").getByLabel("Name").fill("Big Swing Set");
    await page.getByRole("button", { name: "Update Option" }).click();
    await expect(toast(page, "Option updated")).toBeVisible();

    const link = page.getByRole("link", { name: "History of Big Swing Set" });
    await link.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: 'History of "Big Swing Set"' });
    const change = dialog.getByRole("listitem").filter({ hasText: 'Changed playground option "Big Swing Set"' });
    await expect(change.getByRole("deletion")).toHaveText("Swing Set");
    await expect(change.getByRole("button", { name: "Revert" })).toBeVisible();
    await checkAtBothWidths(page, "option-history");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/history=/);
    await expect(link).toBeFocused();
  });

  test("Export CSV downloads the list as searched, formulas escaped", async ({ page }) => {
    await page.goto(`${server.url}/admin/clients?q=Ltd`);
    await expect(page.getByRole("row")).toHaveCount(2);
    await checkAtBothWidths(page, "clients-list-export");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^clients-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = parse(await readFile((await download.path())!), { bom: true, columns: true }) as Record<
      string,
      string
    >[];
    expect(rows.map((row) => [row["Client Name"], row.Location])).toEqual([["'=HYPERLINK(1) Ltd", "Hull"]]);
  });
});
