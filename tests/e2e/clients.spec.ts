import { expect, expectNoSeriousA11yViolations, test, toast } from "./support/fixtures";
import { oversizedPng, paddedJpeg, pngFile } from "./support/images";
import { sharedEmptyServer, useIsolatedServer } from "./support/isolated";
import { expectNoHorizontalOverflow } from "./support/screens";
import type { Seed } from "./support/server";

const CORNER = "c3333333-3333-4333-8333-333333333333";
const TANDEM = "c4444444-4444-4444-8444-444444444444";

// Each test's own clients and contacts, so none needs another to have run.
const seed: Seed = async ({ make }) => {
  await make.industryType({ name: "Schools" });
  await make.industryType({ name: "Museums" });
  // Linked to the client the first test creates.
  const studio = await make.client({ name: "Studio Collective" });
  await make.contact({ name: "Dora Maar", clientId: studio.id });
  await make.contact({ name: "Edith Piaf", clientId: studio.id });
  await make.contact({ name: "Frida Kahlo", clientId: studio.id });
  // Contact info.
  const harbour = await make.client({ name: "Harbour Museum", industryType: "Museums", location: "Portsmouth" });
  for (const contact of [
    { name: "Ada Lovelace", email: "ada@harbour.test", phone: "01234 567890" },
    { name: "Brian Eno", email: "brian@harbour.test" },
    { name: "Cleo Laine", phone: "07000 000000" },
  ]) {
    const { id } = await make.contact({ ...contact, clientId: harbour.id });
    await make.clientContact({ clientId: harbour.id, contactId: id });
  }
  await make.client({ name: "Quiet Quarry", location: "Leeds" });
  // Search and filter.
  await make.client({ name: "Meadow Academy", industryType: "Schools", location: "Truro" });
  await make.client({ name: "Maritime Gallery", industryType: "Museums", location: "Hull" });
  // The saving states; the row click; the conflict.
  await make.client({ name: "Lighthouse Trust", location: "Whitby" });
  await make.client({ id: CORNER, name: "Corner Cafe", location: "Derby" });
  await make.client({ id: TANDEM, name: "Tandem Tools", location: "Leeds" });
  // Deleting: one with a project, one without.
  const builders = await make.client({ name: "Busy Builders", location: "Leeds" });
  await make.project({ title: "Warehouse climbing wall", clientId: builders.id });
  await make.client({ name: "Old Orchard Ltd" });
};

test.describe("clients on an empty database", () => {
  const empty = sharedEmptyServer();

  test("the list says how to start", async ({ page }) => {
    await empty.signIn(page);
    await page.goto(`${empty.url}/admin/clients`);
    await expect(page.getByText("No clients found. Add your first client to get started.")).toBeVisible();
    await expect(page.getByPlaceholder("Search clients...")).toBeVisible();
    await expect(page.getByLabel("Filter by industry type")).toHaveValue("");
    await expect(page.getByLabel("Filter by industry type").locator("option").first()).toHaveText("All Categories");
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("clients", () => {
  const server = useIsolatedServer({ seed });
  test.beforeEach(async ({ page }) => server.signIn(page));

  test("create a client with a logo and linked contacts, with real upload progress", async ({ page }) => {
    await page.goto(`${server.url}/admin/clients`);
    await page.getByRole("link", { name: "Add Client" }).click();
    await expect(page).toHaveURL(/\/admin\/clients\/new$/);
    await expect(page.getByRole("heading", { name: "New Client" })).toBeVisible();
    await expectNoSeriousA11yViolations(page, "new client form");

    await page.getByLabel("Client Name").fill("Riverside Primary");
    await page.getByLabel("Industry Type", { exact: true }).selectOption("Schools");
    await page.getByLabel("Location").fill("Bristol");
    await page.getByLabel("Website").fill("https://riverside.example");
    await page.getByLabel("Notes").fill("Wants a sensory garden.");

    await page.getByRole("button", { name: "Linked Contacts" }).click();
    await page.getByRole("searchbox", { name: "Search contacts" }).fill("dora");
    await page.getByRole("option", { name: /Dora Maar/ }).click();
    await page.getByRole("searchbox", { name: "Search contacts" }).fill("");
    await page.getByRole("option", { name: /Edith Piaf/ }).click();
    await page.getByRole("option", { name: /Frida Kahlo/ }).click();
    await page.keyboard.press("Escape");
    const linked = page.getByRole("list", { name: "Linked contacts" });
    await expect(linked.getByRole("listitem")).toHaveCount(3);
    await linked.getByRole("button", { name: "Remove Frida Kahlo" }).click();
    await expect(linked.getByRole("listitem")).toHaveCount(2);

    // A logo over 5MB is refused before it is sent (the check itself: upload-client.test.ts).
    const uploads: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/uploads")) uploads.push(request.url());
    });
    await page.getByLabel("Client Logo").setInputFiles(await oversizedPng("huge.png"));
    await expect(toast(page, "File too large")).toContainText("Logo must be less than 5MB");
    await expect(page.getByRole("img", { name: "New logo preview" })).toHaveCount(0);
    expect(uploads).toEqual([]);

    await page.getByLabel("Client Logo").setInputFiles(await paddedJpeg("logo.jpg", 1_200_000));
    await expect(page.getByRole("img", { name: "New logo preview" })).toBeVisible();

    // A slow link, so the progress can be watched.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 20,
      downloadThroughput: 10_000_000,
      uploadThroughput: 150_000,
    });
    await page.getByRole("button", { name: "Create Client" }).click();
    await expect(page.getByRole("button", { name: "Uploading logo..." })).toBeDisabled();
    const progress = page.getByRole("progressbar", { name: "Uploading logo" });
    await expect(progress).toBeVisible();
    await expect
      .poll(async () => Number(await progress.getAttribute("aria-valuenow").catch(() => "0")), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    await expect(page).toHaveURL(/\/admin\/clients$/, { timeout: 20_000 });
    await expect(toast(page, "Client created successfully")).toBeVisible();
    const row = page.getByRole("row", { name: /Riverside Primary/ });
    await expect(row).toContainText("Schools");
    await expect(row).toContainText("Dora Maar");
    await expect(row).toContainText("Edith Piaf");
    await expect(row).toContainText("Bristol");
    await expect(row.locator("img")).toHaveAttribute("srcset", /_w320\.webp 320w/);
  });

  test("the list: two contacts then '+N more' or 'No contacts'; search and filter live in the URL, 'Loading clients...' meanwhile", async ({
    page,
  }) => {
    await page.goto(`${server.url}/admin/clients`);
    const row = page.getByRole("row", { name: /Harbour Museum/ });
    await expect(row).toContainText("Ada Lovelace");
    await expect(row).toContainText("ada@harbour.test");
    await expect(row).toContainText("01234 567890");
    await expect(row).toContainText("+1 more");
    await expect(row).not.toContainText("Cleo Laine");
    await expect(page.getByRole("row", { name: /Quiet Quarry/ })).toContainText("No contacts");
    await expectNoSeriousA11yViolations(page, "clients list");

    // What a search finds is the domain's (clients.test.ts); here it is typed, kept in the URL, awaited.
    await page.route("**/admin/clients.data*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.getByPlaceholder("Search clients...").fill("truro");
    await expect(page.getByRole("status").filter({ hasText: "Loading clients..." })).toBeVisible();
    await expect(page).toHaveURL(/\?q=truro/);
    await expect(page.getByRole("row")).toHaveCount(2); // header + Meadow Academy
    await expect(page.getByRole("row", { name: /Meadow Academy/ })).toBeVisible();
    await page.unroute("**/admin/clients.data*");

    await page.goto(`${server.url}/admin/clients?industry=Museums`);
    await expect(page.getByLabel("Filter by industry type")).toHaveValue("Museums");
    await expect(page.getByRole("row", { name: /Maritime Gallery/ })).toBeVisible();
    await expect(page.getByRole("row", { name: /Meadow Academy/ })).toHaveCount(0);

    await page.getByLabel("Filter by industry type").selectOption("");
    await expect(page).not.toHaveURL(/industry=Museums/);
    await page.goto(`${server.url}/admin/clients?q=zzzz-nothing`);
    await expect(page.getByText("No clients found. Add your first client to get started.")).toBeVisible();
  });

  test("'Creating...' while a new client is saved; 'Updating...' while a save runs", async ({ page }) => {
    await page.goto(`${server.url}/admin/clients/new`);
    await page.getByLabel("Client Name").fill("Slow Save Ltd");
    await page.route("**/clients/new.data*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.getByRole("button", { name: "Create Client" }).click();
    await expect(page.getByRole("button", { name: "Creating..." })).toBeDisabled();
    await expect(page).toHaveURL(/\/admin\/clients$/);
    await expect(page.getByRole("row", { name: /Slow Save Ltd/ })).toBeVisible();

    await page.getByRole("link", { name: "Lighthouse Trust" }).click();
    await page.route("**/edit.data*", async (route) => {
      if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.getByRole("button", { name: "Update Client" }).click();
    await expect(page.getByRole("button", { name: "Updating..." })).toBeDisabled();
    await expect(page).toHaveURL(/\/admin\/clients$/);
    await expect(toast(page, "Client updated successfully")).toBeVisible();
  });

  test("a row click opens the edit form; back arrow and Cancel return to the list; the form at 390 px", async ({
    page,
  }) => {
    await page.goto(`${server.url}/admin/clients`);
    await page
      .getByRole("row", { name: /Corner Cafe/ })
      .getByRole("cell")
      .nth(2)
      .click();
    await expect(page).toHaveURL(new RegExp(`/admin/clients/${CORNER}/edit$`));
    await expect(page.getByLabel("Client Name")).toHaveValue("Corner Cafe");
    await page.getByRole("link", { name: "Back to clients" }).click();
    await expect(page).toHaveURL(/\/admin\/clients$/);
    await page.getByRole("button", { name: "Actions for Corner Cafe" }).click();
    await page.getByRole("menuitem", { name: "Edit" }).click();
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/admin\/clients$/);

    // The form at 390 px, with a logo's preview.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/admin/clients/new`);
    await page.getByLabel("Client Logo").setInputFiles(await pngFile("small.png"));
    await expect(page.getByRole("img", { name: "New logo preview" })).toBeVisible();
    await expectNoHorizontalOverflow(page);
  });

  test("two people editing: the second save shows a conflict and keeps what was typed", async ({ page, browser }) => {
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await server.signIn(otherPage);
    const url = `${server.url}/admin/clients/${TANDEM}/edit`;
    await page.goto(url);
    await otherPage.goto(url);

    await otherPage.getByLabel("Location").fill("Sheffield");
    await otherPage.getByRole("button", { name: "Update Client" }).click();
    await expect(otherPage).toHaveURL(/\/admin\/clients$/);

    await page.getByLabel("Location").fill("York");
    await page.getByRole("button", { name: "Update Client" }).click();
    await expect(page.getByText(/Someone else changed this client while you were editing it/).first()).toBeVisible();
    await expect(page.getByLabel("Location")).toHaveValue("York");
    await page.goto(`${server.url}/admin/clients?q=Tandem`);
    await expect(page.getByRole("row", { name: /Tandem Tools/ })).toContainText("Sheffield");

    // Saving again after seeing the conflict is a deliberate overwrite.
    await page.goto(url);
    await page.getByLabel("Location").fill("York");
    await page.getByRole("button", { name: "Update Client" }).click();
    await expect(page).toHaveURL(/\/admin\/clients$/);
    await other.close();
  });

  test("a client with projects cannot be deleted; one without can", async ({ page }) => {
    await page.goto(`${server.url}/admin/clients`);
    await page.getByRole("button", { name: "Actions for Busy Builders" }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm.getByRole("heading", { name: 'Delete "Busy Builders"?' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, "delete client");
    await confirm.getByRole("button", { name: "Delete" }).click();
    const refusal = toast(page, "Error deleting client");
    await expect(refusal).toContainText('"Busy Builders" has 1 project. Delete it or move it to another client first.');
    await expect(page.getByRole("row", { name: /Busy Builders/ })).toBeVisible();

    await page.getByRole("button", { name: "Actions for Old Orchard Ltd" }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Client deleted")).toBeVisible();
    await expect(page.getByRole("row", { name: /Old Orchard Ltd/ })).toHaveCount(0);
  });
});
