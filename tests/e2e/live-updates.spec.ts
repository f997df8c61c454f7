// Live updates as two staff members see them (decision 0057): what one saves
// appears on the other's page without a reload, and a form whose record changed
// underneath says who changed what and keeps what was typed. The stream's rules
// are proved in app/routes/admin/events.test.ts and tests/e2e/live-stream.spec.ts.
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { type Account, newAccount, pageSignedInWith, signUpOverHttp } from "./support/accounts";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { useIsolatedServer } from "./support/isolated";
import type { Seed } from "./support/server";
import { MIN_FILL_MS } from "~/domain/inquiries/spam";

const HARBOUR = "c5555555-5555-4555-8555-555555555555";
const LOOKOUT = "a5555555-5555-4555-8555-555555555555";
const SAM = "d5555555-5555-4555-8555-555555555555";
const AGREEMENT = "b5555555-5555-4555-8555-555555555555";

const seed: Seed = async ({ make }) => {
  await make.company({ name: "Harbour Play Co." });
  await make.client({ id: HARBOUR, name: "Harbour Play", location: "Leeds" });
  await make.project({
    id: LOOKOUT,
    title: "Lighthouse Lookout",
    projectName: "lighthouse-lookout",
    clientId: HARBOUR,
    status: "completed",
    showInGallery: true,
  });
  await make.contact({ id: SAM, name: "Sam Harbour", clientId: HARBOUR, email: "sam@harbour.test" });
  await make.contract({ id: AGREEMENT, projectId: LOOKOUT, title: "Lookout agreement", status: "draft" });
};

const server = useIsolatedServer({ seed });

/**
 * Olga (the page, signed in as the server's admin) and Anna, a staff member signed in to a
 * browser of her own, closed once `run` is done, whatever it did.
 */
async function withAnna(
  page: Page,
  browser: Browser,
  run: (two: { anna: Account; annaPage: Page; context: BrowserContext }) => Promise<void>,
) {
  await server.signIn(page);
  const anna = newAccount("Anna", "staff.test");
  const { context, page: annaPage } = await pageSignedInWith(browser, server.url, await signUpOverHttp(server, anna));
  try {
    await run({ anna, annaPage, context });
  } finally {
    await context.close();
  }
}

test("two staff members: Anna's new client appears in Olga's list; Olga's open form shows Anna's change and loses nothing", async ({
  page,
  browser,
}) => {
  await withAnna(page, browser, async ({ anna, annaPage }) => {
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
  });
});

test("presence: Olga sees that Anna has the same client open, since when, and not once Anna leaves or her tab is gone", async ({
  page,
  browser,
}) => {
  await withAnna(page, browser, async ({ anna, annaPage, context }) => {
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
  });
});

test("notifications: a visitor's inquiry reaches Olga's open page as a toast and an unread count that a reload keeps, until she opens the menu", async ({
  page,
  browser,
}) => {
  await server.signIn(page);
  await page.goto(`${server.url}/admin`);
  const bell = page.getByRole("button", { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName("Notifications");

  const visitor = await browser.newContext();
  try {
    const form = await visitor.newPage();
    await form.goto(`${server.url}/projects/${LOOKOUT}/inquiry`);
    await form.getByLabel("Name").fill("Riley Visitor");
    await form.getByLabel("Email").fill("riley@school.test");
    await form.getByLabel("Organisation").fill("Seaside Primary");
    await form.getByLabel("Message").fill("We would love a lookout tower for 300 pupils.");
    // A person takes a moment (the inquiry form's spam rule).
    await form.waitForTimeout(MIN_FILL_MS + 200);
    await form.getByRole("button", { name: "Send request" }).click();
    await expect(form.getByRole("status")).toHaveText("Thank you! We received your request and will be in touch soon.");
  } finally {
    await visitor.close();
  }

  // No reload: the toast and the count come with the live event.
  const toast = page.getByRole("listitem").filter({ hasText: "New inquiry from Riley Visitor" });
  await expect(toast).toContainText("Lighthouse Lookout");
  await expect(bell).toHaveAccessibleName("Notifications, 1 unread");
  // Pointing at the toast keeps it (sonner pauses its timer) while it is checked.
  await toast.hover();
  await expectNoSeriousA11yViolations(page, "a notification toast and the unread count");
  await toast.getByRole("button", { name: "Open" }).click();
  await expect(page).toHaveURL(/\/admin\/inquiries\/[0-9a-f-]{36}$/);
  await expect(page.getByText("Riley Visitor").first()).toBeVisible();

  // The count is kept on the server: a reload still shows it.
  await page.reload();
  await expect(bell).toHaveAccessibleName("Notifications, 1 unread");
  await bell.click();
  const menu = page.getByRole("dialog");
  const item = menu.getByRole("link", { name: /New inquiry from Riley Visitor/ });
  await expect(item).toContainText("Unread");
  await expectNoSeriousA11yViolations(page, "the notifications menu");
  await expect(bell).toHaveAccessibleName("Notifications");
  await page.keyboard.press("Escape");
  await page.reload();
  await expect(bell).toHaveAccessibleName("Notifications");
  // Clicking an item opens its record.
  await bell.click();
  await menu.getByRole("link", { name: /New inquiry from Riley Visitor/ }).click();
  await expect(page).toHaveURL(/\/admin\/inquiries\/[0-9a-f-]{36}$/);
});

test("the contact, contract and project forms, like the client's: Anna's save shows on Olga's open form, which keeps what she typed", async ({
  page,
  browser,
}) => {
  await withAnna(page, browser, async ({ anna, annaPage }) => {
    const banner = page.getByRole("status").filter({ hasText: "review before saving" });

    /** Olga has the form open and types in one field; Anna saves another; Olga's form says so and keeps hers. */
    const changedUnderneath = async (form: {
      path: string;
      typed: [string, string];
      changed: [string, string];
      save: string;
      list: RegExp;
    }) => {
      await page.goto(`${server.url}${form.path}`);
      await page.getByLabel(form.typed[0]).fill(form.typed[1]);
      await annaPage.goto(`${server.url}${form.path}`);
      await annaPage.getByLabel(form.changed[0]).fill(form.changed[1]);
      await annaPage.getByRole("button", { name: form.save }).click();
      await expect(annaPage).toHaveURL(form.list);
      await expect(banner).toContainText(`Changed by ${anna.name} just now — review before saving`);
      await expect(banner).toContainText(`${form.changed[0]}: now “${form.changed[1]}”`);
      await expect(page.getByLabel(form.typed[0])).toHaveValue(form.typed[1]);
    };

    await changedUnderneath({
      path: `/admin/contacts/${SAM}/edit`,
      typed: ["Phone", "555 0199"],
      changed: ["Email", "sam.h@harbour.test"],
      save: "Update Contact",
      list: /\/admin\/contacts$/,
    });
    await expect(page.getByLabel("Email")).toHaveValue("sam@harbour.test");

    await changedUnderneath({
      path: `/admin/contracts/${AGREEMENT}/edit`,
      typed: ["Notes", "Waiting for the council"],
      changed: ["Title or Reference", "Lookout agreement v2"],
      save: "Update Contract",
      list: /\/admin\/contracts$/,
    });
    // Saving is still refused as stale, keeping what was typed.
    await page.getByRole("button", { name: "Update Contract" }).click();
    await expect(page.getByText(/Someone else changed this contract while you were editing it/).first()).toBeVisible();
    await expect(page.getByLabel("Notes")).toHaveValue("Waiting for the council");

    await changedUnderneath({
      path: `/admin/projects/${LOOKOUT}/edit`,
      typed: ["Theme Style", "Maritime"],
      changed: ["Description", "A lookout tower over the bay."],
      save: "Update Project",
      list: /\/admin\/projects$/,
    });
  });
});

test("Company, a form that stays open after saving: another tab's save shows; its own saves start it again from what they made", async ({
  page,
}) => {
  await server.signIn(page);
  const url = `${server.url}/admin/settings/company`;
  const other = await page.context().newPage();
  await page.goto(url);
  await other.goto(url);
  await page.getByLabel("Phone").fill("555 0100");
  const banner = (tab: typeof page) => tab.getByRole("status").filter({ hasText: "review before saving" });

  await other.getByLabel("Address").fill("1 Quay Street");
  await other.getByRole("button", { name: "Save company details" }).click();
  await expect(banner(page)).toContainText("Address: now “1 Quay Street”");
  // The tab that saved edits what its save made: saving again goes through (the other tab sees it).
  await other.getByLabel("Address").fill("2 Quay Street");
  await other.getByRole("button", { name: "Save company details" }).click();
  await expect(banner(page)).toContainText("Address: now “2 Quay Street”");
  await expect(other.getByLabel("Address")).toHaveValue("2 Quay Street");
  await expect(banner(other)).toHaveCount(0);
  await expect(page.getByLabel("Phone")).toHaveValue("555 0100");
});
