import { expect, expectNoSeriousA11yViolations, test, toast, waitForHydration } from "./support/fixtures";
import type { Locator } from "@playwright/test";
import { sharedEmptyServer, useIsolatedServer } from "./support/isolated";
import type { Seed } from "./support/server";

// Each test's own rows: its client, the contact edited, and the contact a search must leave out.
const seed: Seed = async ({ make }) => {
  await make.industryType({ name: "Hotels" });
  const hotel = await make.client({ name: "Grand Hotel", industryType: "Hotels" });
  const council = await make.client({ name: "Town Council" });
  const pat = await make.user({ name: "Pat Portal", email: "pat@grand.test" });
  await make.contact({ name: "Pat Portal", email: "pat@grand.test", clientId: hotel.id, userId: pat.id });
  await make.contact({ name: "Hedy Lamarr", clientId: hotel.id });
  await make.contact({ name: "Alan Turing", clientId: council.id });
};

test.describe("contacts on an empty database", () => {
  const empty = sharedEmptyServer();
  test("the list says how to start", async ({ page }) => {
    await empty.signIn(page);
    await page.goto(`${empty.url}/admin/contacts`);
    await expect(page.getByText("No contacts found. Add your first contact to get started.")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("contacts", () => {
  const server = useIsolatedServer({ seed });
  test.beforeEach(async ({ page }) => server.signIn(page));

  test("the form with the keyboard alone: errors announced, then created", async ({ page }) => {
    await page.goto(`${server.url}/admin/contacts`);
    await page.getByRole("link", { name: "Add Contact" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/admin\/contacts\/new$/);
    await expectNoSeriousA11yViolations(page, "new contact form");
    // Keys go straight to the page, with no wait of their own: the form's script must be running.
    await waitForHydration(page);

    await page.getByLabel("Contact Name").focus();
    await page.keyboard.press("Tab"); // client select
    await page.keyboard.press("Tab"); // email
    await page.keyboard.type("not-an-email");
    await page.keyboard.press("Tab"); // phone
    await page.keyboard.press("Enter"); // submits the form
    await expect(page.getByText("Name is required")).toBeVisible();
    await expect(page.getByText("Client is required")).toBeVisible();
    await expect(page.getByText("Invalid email")).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "Client is required" })).toBeVisible();

    await page.getByLabel("Contact Name").focus();
    await page.keyboard.type("Grace Hopper");
    await page.keyboard.press("Tab");
    await page.keyboard.press("ArrowDown"); // first client in the select
    await expect(page.getByLabel("Client")).not.toHaveValue("");
    await page.getByLabel("Client").selectOption({ label: "Grand Hotel" });
    await page.keyboard.press("Tab");
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("grace@grand.test");
    await page.keyboard.press("Tab");
    await page.keyboard.type("020 7946 0000");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/admin\/contacts$/);
    await expect(toast(page, "Contact created successfully")).toBeVisible();
    const row = page.getByRole("row", { name: /Grace Hopper/ });
    await expect(row).toContainText("Grand Hotel");
    await expect(row).toContainText("Hotels");
    await expect(row).toContainText("grace@grand.test");
    await expect(row).toContainText("020 7946 0000");
    await expectNoSeriousA11yViolations(page, "contacts list");
  });

  // What a search finds and where a contact is linked are the domain's (contacts.test.ts).
  test("'Portal Access' on its row only; search in the URL; the edit page's cards; edit and delete", async ({
    page,
  }) => {
    await page.goto(`${server.url}/admin/contacts`);
    await expect(page.getByRole("row", { name: /Pat Portal/ })).toContainText("Portal Access");
    await expect(page.getByText("Portal Access")).toHaveCount(1);

    await page.getByPlaceholder("Search contacts...").fill("council");
    await expect(page).toHaveURL(/q=council/);
    await expect(page.getByRole("row", { name: /Alan Turing/ })).toBeVisible();
    await expect(page.getByRole("row", { name: /Hedy Lamarr/ })).toHaveCount(0);

    await page.getByRole("link", { name: "Alan Turing" }).click();
    // The form's card as wide as the portal card below it.
    const card = (inside: Locator) => page.locator("[data-slot=card]").filter({ has: inside });
    await expect(card(page.getByText("Client portal", { exact: true }))).toBeVisible();
    const form = await card(page.locator("#contact-form")).boundingBox();
    const portal = await card(page.getByText("Client portal", { exact: true })).boundingBox();
    expect(form?.width).toBeCloseTo(portal?.width ?? 0, 0);

    await page.getByLabel("Phone").fill("01632 960000");
    await page.getByRole("button", { name: "Update Contact" }).click();
    await expect(toast(page, "Contact updated successfully")).toBeVisible();
    await expect(page.getByRole("row", { name: /Alan Turing/ })).toContainText("01632 960000");

    await page.getByRole("button", { name: "Actions for Alan Turing" }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Contact deleted")).toBeVisible();
    await expect(page.getByRole("row", { name: /Alan Turing/ })).toHaveCount(0);
  });
});
