// Live updates as two staff members see them (decision 0057): what one saves
// appears on the other's page without a reload (even when it was committed
// before the page's stream opened), who else has a record open, and a form whose
// record changed underneath says who changed what and keeps what was typed. On
// PostgreSQL the two staff members work on two instances of the app. The stream's
// rules are proved in app/routes/admin/events.test.ts and tests/e2e/live-stream.spec.ts.
import type { Browser, BrowserContext, Page } from "@playwright/test";
import pg from "pg";
import { type Account, type AccountServer, newAccount, pageSignedInWith, signUpOverHttp } from "./support/accounts";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { layoutShiftSoFar } from "./support/layout-shift";
import { useIsolatedServer } from "./support/isolated";
import { postgresUrl, withPostgresDatabase } from "./support/postgres";
import { type Seed, startServer } from "./support/server";
import { MIN_FILL_MS } from "~/domain/inquiries/spam";

const HARBOUR = "c5555555-5555-4555-8555-555555555555";
const LOOKOUT = "a5555555-5555-4555-8555-555555555555";
const SAM = "d5555555-5555-4555-8555-555555555555";
const AGREEMENT = "b5555555-5555-4555-8555-555555555555";
const MORGAN = "e5555555-5555-4555-8555-555555555555";
/** Only the first-HTML presence test opens it: nobody else's tab is ever on it. */
const PIER = "f5555555-5555-4555-8555-555555555555";

const seed: Seed = async ({ make }) => {
  await make.company({ name: "Harbour Play Co." });
  await make.client({ id: HARBOUR, name: "Harbour Play", location: "Leeds" });
  await make.client({ id: PIER, name: "Pier Play", location: "Hull" });
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
  // Older than the admin's account: not one of the admin's unread notifications.
  await make.inquiry({ id: MORGAN, name: "Morgan Early", createdAt: new Date("2024-01-15T09:00:00Z") });
};

const server = useIsolatedServer({ seed });

/** Where Olga works (signed in to the test's page) and where Anna works (an account made there). */
interface Desks {
  olga: { url: string; signIn(page: Page): Promise<void> };
  anna: AccountServer;
}

/** A staff member (named `prefix` …) signed in to a browser of their own on `desk`'s server, closed once `run` is done. */
async function withStaffMember(
  browser: Browser,
  desk: AccountServer,
  prefix: string,
  run: (member: { account: Account; page: Page; context: BrowserContext }) => Promise<void>,
) {
  const account = newAccount(prefix, "staff.test");
  const { context, page } = await pageSignedInWith(browser, desk.url, await signUpOverHttp(desk, account));
  try {
    await run({ account, page, context });
  } finally {
    await context.close();
  }
}

/** Anna: a staff member signed in to a browser of her own on her desk's server, closed once `run` is done. */
function withAnna(
  browser: Browser,
  desk: AccountServer,
  run: (two: { anna: Account; annaPage: Page; context: BrowserContext }) => Promise<void>,
) {
  return withStaffMember(browser, desk, "Anna", ({ account, page, context }) =>
    run({ anna: account, annaPage: page, context }),
  );
}

/** Two instances of the app on one fresh PostgreSQL database, with the Harbour Play client; Olga signs up on the first. */
async function onTwoPostgresInstances(run: (desks: Desks) => Promise<void>) {
  await withPostgresDatabase(async (databaseUrl) => {
    const env = { DATABASE_URL: databaseUrl };
    // Started together, as a deployment's instances are: the migrations' advisory lock lets one
    // migrate the empty database while the other waits, then finds it migrated.
    const started = await Promise.allSettled([
      startServer({ fromTemplate: false, env }),
      startServer({ fromTemplate: false, env }),
    ]);
    const [first, second] = started.map((start) => (start.status === "fulfilled" ? start.value : undefined));
    if (!first || !second) {
      await Promise.all([first?.stop(), second?.stop()]);
      throw started.find((start) => start.status === "rejected")!.reason;
    }
    try {
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      await db
        .query("insert into clients (id, name, location) values ($1, 'Harbour Play', 'Leeds')", [HARBOUR])
        .finally(() => db.end());
      const olga = await signUpOverHttp(first, newAccount("Olga", "staff.test"));
      await run({
        olga: {
          url: first.url,
          async signIn(page) {
            const [name, value] = olga[0]!.split(";")[0]!.split("=");
            await page.context().addCookies([{ name: name!, value: value!, url: first.url }]);
          },
        },
        anna: second,
      });
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
  });
}

/**
 * Anna opens a record Olga has open, and works once her page says so. The line is in the page's
 * first HTML; when it came only with her live stream it pushed the form down, and a click during
 * that shift landed on the form's background, not its button (clean-clone CI lost Anna's 'Save
 * follow-up' that way).
 */
async function openBesideOlga(annaPage: Page, url: string) {
  await annaPage.goto(url);
  await expect(annaPage.getByRole("status").filter({ hasText: "is also editing" })).toBeVisible();
}

/** Anna creates a client through the form, as a person would. */
async function createClient(annaPage: Page, url: string, name: string) {
  await annaPage.goto(`${url}/admin/clients/new`);
  await annaPage.getByLabel("Client Name").fill(name);
  await annaPage.getByRole("button", { name: "Create Client" }).click();
  await expect(annaPage).toHaveURL(/\/admin\/clients$/);
}

async function twoStaffMembers(page: Page, browser: Browser, desks: Desks) {
  await desks.olga.signIn(page);
  await withAnna(browser, desks.anna, async ({ anna, annaPage, context }) => {
    // Olga's list has read its data, but her stream is not open yet when Anna creates a client:
    // the stream starts from where the page's data was read, so it is still sent.
    await page.route(
      (url) => url.pathname === "/admin/events",
      async (route) => {
        await createClient(annaPage, desks.anna.url, "Lighthouse Museum");
        await route.continue();
      },
      { times: 1 },
    );
    await page.goto(`${desks.olga.url}/admin/clients`);
    await expect(page.getByRole("row", { name: /Harbour Play/ })).toBeVisible();
    // No reload on Olga's side: the list re-reads itself.
    await expect(page.getByRole("row", { name: /Lighthouse Museum/ })).toBeVisible();

    // Olga types in Harbour Play's form; Anna opens it too: each sees the other, nobody themselves.
    const path = `/admin/clients/${HARBOUR}/edit`;
    await page.goto(`${desks.olga.url}${path}`);
    await page.getByLabel("Notes").fill("Call back on Monday");
    await annaPage.goto(`${desks.anna.url}${path}`);
    const line = page.getByRole("status").filter({ hasText: "also editing" });
    await expect(line).toContainText(`${anna.name} is also editing this client`);
    await expect(line).toContainText(/since \d{1,2}:\d{2}/);
    await expect(annaPage.getByRole("status").filter({ hasText: "also editing" })).toBeVisible();
    await expect(annaPage.getByRole("status").filter({ hasText: "also editing" })).not.toContainText(anna.name);
    await expectNoSeriousA11yViolations(page, "someone else editing the same record");

    // Anna saves and goes back to the list: the line goes; Olga's form says what Anna changed and keeps hers.
    await annaPage.getByLabel("Location").fill("Sheffield");
    await annaPage.getByRole("button", { name: "Update Client" }).click();
    await expect(annaPage).toHaveURL(/\/admin\/clients$/);
    await expect(line).toHaveCount(0);
    const banner = page.getByRole("status").filter({ hasText: "review before saving" });
    await expect(banner).toContainText(`Changed by ${anna.name} just now — review before saving`);
    await expect(banner).toContainText("Location: now “Sheffield”");
    await expect(page.getByLabel("Notes")).toHaveValue("Call back on Monday");
    await expect(page.getByLabel("Location")).toHaveValue("Leeds");
    await expectNoSeriousA11yViolations(page, "a form whose record changed underneath");

    // Anna comes back, then her browser goes away without a word: the line goes with her connection.
    await annaPage.goto(`${desks.anna.url}${path}`);
    await expect(line).toContainText(`${anna.name} is also editing this client`);
    await context.close();
    await expect(line).toHaveCount(0);

    // Saving is still refused as stale (nothing of Anna's is overwritten unseen), and keeps what was typed.
    await page.getByRole("button", { name: "Update Client" }).click();
    await expect(page.getByText(/Someone else changed this client while you were editing it/).first()).toBeVisible();
    await expect(page.getByLabel("Notes")).toHaveValue("Call back on Monday");
  });
}

test("two staff members, on two instances of the app when on PostgreSQL: what Anna commits shows on Olga's page, even before Olga's stream opens; each sees who else has a record open; Olga's open form shows Anna's change and loses nothing", async ({
  page,
  browser,
}) => {
  if (postgresUrl) {
    // Two servers to start on a busy machine.
    test.setTimeout(120_000);
    await onTwoPostgresInstances((desks) => twoStaffMembers(page, browser, desks));
  } else {
    await twoStaffMembers(page, browser, { olga: server, anna: server });
  }
});

test("a record someone else has open says so in the first HTML of its page: the 'also editing' line is there before the live stream, and nothing moves when the stream confirms it", async ({
  browser,
}) => {
  const url = `${server.url}/admin/clients/${PIER}/edit`;
  await withStaffMember(browser, server, "Olga", async ({ account: olga, page: olgaPage }) => {
    // Olga opens the client; her tab says so once its stream is open.
    const announced = olgaPage.waitForResponse(
      (response) =>
        response.url().endsWith("/admin/presence") &&
        new URLSearchParams(response.request().postData() ?? "").get("subject") === `client:${PIER}`,
    );
    await olgaPage.goto(url);
    expect((await announced).status()).toBe(204);

    await withAnna(browser, server, async ({ anna, annaPage }) => {
      // The page as the server sends it to Anna's browser, before any script has run.
      const html = await (await annaPage.request.get(url)).text();
      expect(html).toContain(`${olga.name} is also editing this client`);

      await annaPage.goto(url);
      const line = annaPage.getByRole("status").filter({ hasText: "is also editing" });
      await expect(line).toContainText(`${olga.name} is also editing this client`);
      await expect(line).toContainText(/since \d{1,2}:\d{2}/);
      // Olga hears Anna arrive: the same presence event went to Anna's stream, whose page already said it.
      await expect(olgaPage.getByRole("status").filter({ hasText: "is also editing" })).toContainText(
        `${anna.name} is also editing this client`,
      );
      await expect(line).toContainText(`${olga.name} is also editing this client`);
      expect(await layoutShiftSoFar(annaPage, "main")).toBe(0);
      // With Anna's own tab on it, her page names Olga only.
      const again = await (await annaPage.request.get(url)).text();
      expect(again).toContain(`${olga.name} is also editing this client`);
      expect(again).not.toContain(`${anna.name} is also editing`);
    });
  });
});

test("notifications: a visitor's inquiry reaches Olga's open page as a toast and an unread count; Open and the menu go to it, and opening the menu reads it", async ({
  page,
  browser,
}) => {
  // The visitor starts on the form first: the spam rule's moment passes while Olga opens her page.
  const visitor = await browser.newContext();
  try {
    const form = await visitor.newPage();
    await form.goto(`${server.url}/projects/${LOOKOUT}/inquiry`);
    const opened = Date.now();
    await form.getByLabel("Name").fill("Riley Visitor");
    await form.getByLabel("Email").fill("riley@school.test");
    await form.getByLabel("Organisation").fill("Seaside Primary");
    await form.getByLabel("Message").fill("We would love a lookout tower for 300 pupils.");

    await server.signIn(page);
    await page.goto(`${server.url}/admin`);
    await expect(page.getByRole("button", { name: /^Notifications/ })).toHaveAccessibleName("Notifications");

    // A person takes a moment (the inquiry form's spam rule).
    await form.waitForTimeout(Math.max(0, MIN_FILL_MS + 200 - (Date.now() - opened)));
    await form.getByRole("button", { name: "Send request" }).click();
    await expect(form.getByRole("status")).toHaveText("Thank you! We received your request and will be in touch soon.");
  } finally {
    await visitor.close();
  }

  // No reload: the toast and the count come with the live event (the count is kept on the server:
  // app/routes/admin/notifications.test.ts).
  const bell = page.getByRole("button", { name: /^Notifications/ });
  const toast = page.getByRole("listitem").filter({ hasText: "New inquiry from Riley Visitor" });
  await expect(toast).toContainText("Lighthouse Lookout");
  await expect(bell).toHaveAccessibleName("Notifications, 1 unread");
  // Pointing at the toast keeps it (sonner pauses its timer) while it is checked.
  await toast.hover();
  await expectNoSeriousA11yViolations(page, "a notification toast and the unread count");
  await toast.getByRole("button", { name: "Open" }).click();
  await expect(page).toHaveURL(/\/admin\/inquiries\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "Riley Visitor" })).toBeVisible();

  // Opening the menu reads what it shows; an item opens its record.
  await page.goto(`${server.url}/admin`);
  await bell.click();
  const menu = page.getByRole("dialog");
  const item = menu.getByRole("link", { name: /New inquiry from Riley Visitor/ });
  await expect(item).toContainText("Unread");
  await expectNoSeriousA11yViolations(page, "the notifications menu");
  await expect(bell).toHaveAccessibleName("Notifications");
  await item.click();
  await expect(page).toHaveURL(/\/admin\/inquiries\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "Riley Visitor" })).toBeVisible();
});

test("the contact, contract, project and inquiry follow-up forms, like the client's: Anna's save shows on Olga's open form, which keeps what she typed", async ({
  page,
  browser,
}) => {
  await server.signIn(page);
  await withAnna(browser, server, async ({ anna, annaPage }) => {
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
      await openBesideOlga(annaPage, `${server.url}${form.path}`);
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

    // The inquiry's page stays open after saving its follow-up: Olga's own save shows no banner,
    // and her form edits what it made; Anna's save shows, and the rest of the page re-reads itself.
    const inquiry = `${server.url}/admin/inquiries/${MORGAN}`;
    await page.goto(inquiry);
    await page.getByLabel("Stage", { exact: true }).selectOption("contacted");
    await page.getByRole("button", { name: "Save follow-up" }).click();
    await expect(page.getByText("Follow-up saved")).toBeVisible();
    await expect(banner).toHaveCount(0);
    await page.getByLabel("Next action").fill("2026-12-01");
    await openBesideOlga(annaPage, inquiry);
    await annaPage.getByLabel("Stage", { exact: true }).selectOption("quoted");
    await annaPage.getByRole("button", { name: "Save follow-up" }).click();
    await expect(annaPage.getByText("Follow-up saved")).toBeVisible();
    await expect(banner).toContainText(`Changed by ${anna.name} just now — review before saving`);
    await expect(banner).toContainText("Stage: now “Quoted”");
    await expect(page.getByLabel("Next action")).toHaveValue("2026-12-01");
    await expect(page.getByLabel("Stage", { exact: true })).toHaveValue("contacted");
    const timeline = page.getByRole("list", { name: "Notes and stage changes" });
    await expect(timeline.getByRole("listitem").first()).toContainText("Contacted → Quoted");
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

test("a tab the server has no live connection for says why, and connects by itself once there is room", async ({
  page,
}) => {
  // The server's refusal when this account's tabs hold their share (app/routes/admin/events.test.ts),
  // answered twice: to the stream, then to the tab asking why.
  let refused = 0;
  await page.route("**/admin/events?*", async (route) => {
    await route.fulfill({
      status: 429,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "1" },
      body: "Too many live connections for this account: close some tabs.",
    });
    if (++refused === 2) await page.unroute("**/admin/events?*");
  });
  await server.signIn(page);
  await page.goto(`${server.url}/admin`);
  const notice = page.getByRole("status").filter({ hasText: "Live updates paused in this tab" });
  await expect(notice).toContainText(
    "Too many live connections for this account: close some tabs. This tab tries again by itself.",
  );
  await expectNoSeriousA11yViolations(page);
  // A second later it tries again, and the stream opens.
  await expect(notice).toBeHidden({ timeout: 10_000 });
});
