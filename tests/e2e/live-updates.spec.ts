// Live updates as two staff members see them (decision 0057): what one saves
// appears on the other's page without a reload, and a form whose record changed
// underneath says who changed what and keeps what was typed. The stream's rules
// are proved in app/routes/admin/events.test.ts and tests/e2e/live-stream.spec.ts.
import { newAccount, pageSignedInWith, signUpOverHttp } from "./support/accounts";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { useIsolatedServer } from "./support/isolated";
import type { Seed } from "./support/server";

const HARBOUR = "c5555555-5555-4555-8555-555555555555";

const seed: Seed = async ({ make }) => {
  await make.client({ id: HARBOUR, name: "Harbour Play", location: "Leeds" });
};

const server = useIsolatedServer({ seed });

test("two staff members: Anna's new client appears in Olga's list; Olga's open form shows Anna's change and loses nothing", async ({
  page,
  browser,
}) => {
  await server.signIn(page);
  const anna = newAccount("Anna", "staff.test");
  const { context, page: annaPage } = await pageSignedInWith(browser, server.url, await signUpOverHttp(server, anna));
  try {
    await page.goto(`${server.url}/admin/clients`);
    await expect(page.getByRole("row", { name: /Harbour Play/ })).toBeVisible();
    await annaPage.goto(`${server.url}/admin/clients/new`);
    await annaPage.getByLabel("Client Name").fill("Lighthouse Museum");
    await annaPage.getByRole("button", { name: "Create Client" }).click();
    await expect(annaPage).toHaveURL(/\/admin\/clients$/);
    // No reload on Olga's side: the list re-reads itself.
    await expect(page.getByRole("row", { name: /Lighthouse Museum/ })).toBeVisible();

    const url = `${server.url}/admin/clients/${HARBOUR}/edit`;
    await page.goto(url);
    await page.getByLabel("Notes").fill("Call back on Monday");
    await annaPage.goto(url);
    await annaPage.getByLabel("Location").fill("Sheffield");
    await annaPage.getByRole("button", { name: "Update Client" }).click();
    await expect(annaPage).toHaveURL(/\/admin\/clients$/);

    const banner = page.getByRole("status").filter({ hasText: "review before saving" });
    await expect(banner).toContainText(`Changed by ${anna.name} just now — review before saving`);
    await expect(banner).toContainText("Location: now “Sheffield”");
    await expect(page.getByLabel("Notes")).toHaveValue("Call back on Monday");
    await expect(page.getByLabel("Location")).toHaveValue("Leeds");
    await expectNoSeriousA11yViolations(page, "a form whose record changed underneath");

    // Saving is still refused as stale (nothing of Anna's is overwritten unseen), and keeps what was typed.
    await page.getByRole("button", { name: "Update Client" }).click();
    await expect(page.getByText(/Someone else changed this client while you were editing it/).first()).toBeVisible();
    await expect(page.getByLabel("Notes")).toHaveValue("Call back on Monday");
  } finally {
    await context.close();
  }
});

test("presence: Olga sees that Anna has the same client open, since when, and not once Anna leaves or her tab is gone", async ({
  page,
  browser,
}) => {
  await server.signIn(page);
  const anna = newAccount("Anna", "staff.test");
  const { context, page: annaPage } = await pageSignedInWith(browser, server.url, await signUpOverHttp(server, anna));
  try {
    const url = `${server.url}/admin/clients/${HARBOUR}/edit`;
    await annaPage.goto(url);
    await page.goto(url);
    const line = page.getByRole("status").filter({ hasText: "also editing" });
    await expect(line).toContainText(`${anna.name} is also editing this client`);
    await expect(line).toContainText(/since \d{1,2}:\d{2}/);
    // Anna hears of Olga just the same; nobody is told about themselves.
    await expect(annaPage.getByRole("status").filter({ hasText: "also editing" })).not.toContainText(anna.name);
    await expectNoSeriousA11yViolations(page, "someone else editing the same record");

    // Anna goes back to the list: the line goes.
    await annaPage.getByRole("link", { name: "Back to clients" }).click();
    await expect(annaPage).toHaveURL(/\/admin\/clients$/);
    await expect(line).toHaveCount(0);

    // Anna comes back, then her browser goes away without a word: the line goes with her connection.
    await annaPage.goto(url);
    await expect(line).toContainText(`${anna.name} is also editing this client`);
    await context.close();
    await expect(line).toHaveCount(0);
  } finally {
    await context.close();
  }
});
