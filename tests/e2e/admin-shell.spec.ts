import fs from "node:fs";
import { NAV_ITEMS } from "~/route-declarations";
import { expect, expectNoSeriousA11yViolations, test, toast } from "./support/fixtures";
import { STAFF_STATE } from "./support/paths";

test.use({ storageState: STAFF_STATE });

// The spec's sidebar ("Left sidebar links in order: …"). Entries added since (Inquiries, Insights)
// stand among them; whatever the route declarations put in the sidebar is shown, so a new entry needs no edit here.
const SPEC_LINKS = [
  ["Project Library", "/"],
  ["Dashboard", "/admin"],
  ["Clients", "/admin/clients"],
  ["Contacts", "/admin/contacts"],
  ["Projects", "/admin/projects"],
  ["Playground Options", "/admin/options"],
  ["Gallery", "/admin/gallery"],
  ["Contracts", "/admin/contracts"],
  ["Settings", "/admin/settings"],
];

test.describe("admin shell", () => {
  test("sidebar links in the spec's order, group title, top bar with email and Sign Out", async ({
    page,
    accounts,
  }) => {
    await page.goto("/admin");
    const nav = page.getByRole("navigation", { name: "Admin" });
    // Every declared sidebar entry, in its order, and nothing else…
    await expect(nav.getByRole("link")).toHaveCount(NAV_ITEMS.length);
    const shown = await nav
      .getByRole("link")
      .evaluateAll((links) => links.map((link) => [link.textContent?.trim(), link.getAttribute("href")]));
    expect(shown).toEqual(NAV_ITEMS.map((item) => [item.title, item.to]));
    // …and among them the spec's links, all of them, in the spec's order.
    const spec = SPEC_LINKS.map((link) => link.join(" "));
    expect(shown.map((link) => link.join(" ")).filter((link) => spec.includes(link))).toEqual(spec);
    await expect(page.getByText("Playfolio Admin")).toBeVisible();
    await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("banner").getByText(accounts.staff.email)).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("the sidebar collapses to icons by button and by Ctrl+B, and stays so after a reload", async ({ page }) => {
    await page.goto("/admin");
    const sidebar = page.locator('[data-slot="sidebar"][data-state]');
    await expect(sidebar).toHaveAttribute("data-state", "expanded");
    await page.getByRole("banner").getByRole("button", { name: "Toggle Sidebar" }).click();
    await expect(sidebar).toHaveAttribute("data-state", "collapsed");
    await expect(sidebar).toHaveAttribute("data-collapsible", "icon");

    // The server reads the cookie, so the first paint is already collapsed.
    const html = await (await page.request.get("/admin")).text();
    expect(html).toContain('data-state="collapsed"');
    await page.reload();
    await expect(sidebar).toHaveAttribute("data-state", "collapsed");
    const cookie = (await page.context().cookies()).find((c) => c.name === "sidebar_state");
    expect(cookie?.value).toBe("false");
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(6.9 * 24 * 3600);

    await page.keyboard.press("Control+b");
    await expect(sidebar).toHaveAttribute("data-state", "expanded");
    await page.keyboard.press("Meta+b");
    await expect(sidebar).toHaveAttribute("data-state", "collapsed");
    await page.keyboard.press("Control+b");
    await expect(sidebar).toHaveAttribute("data-state", "expanded");
  });

  test("under 768 px the sidebar is an off-canvas drawer", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/admin");
    await expect(page.getByRole("navigation", { name: "Admin" })).toBeHidden();
    await page.getByRole("banner").getByRole("button", { name: "Toggle Sidebar" }).click();
    const drawer = page.getByRole("dialog");
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole("link", { name: "Clients" })).toBeVisible();
    await expectNoSeriousA11yViolations(page, "/admin mobile drawer");
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await page.keyboard.press("Control+b");
    await expect(page.getByRole("dialog")).toBeVisible();
  });

  test("on a phone: the counters stand two to a row, a chosen page closes the drawer, a toast leaves its button free", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/admin");
    const counters = page.getByRole("region", { name: "Totals" }).getByRole("heading", { level: 2 });
    await expect(counters.first()).toBeVisible();
    const tops = await counters.evaluateAll((headings) =>
      headings.map((heading) => Math.round(heading.getBoundingClientRect().top)),
    );
    expect(tops[0]).toBe(tops[1]);
    expect(tops[2]).toBeGreaterThan(tops[1]!);
    expect(tops[2]).toBe(tops[3]);

    const trigger = page.getByRole("banner").getByRole("button", { name: "Toggle Sidebar" });
    await trigger.click();
    const drawer = page.getByRole("dialog");
    await drawer.getByRole("link", { name: "Settings" }).click();
    await expect(page).toHaveURL("/admin/settings");
    await expect(drawer).toBeHidden();

    // A toast (here: a blank name refused) sits below the top bar, not over the drawer's button.
    await page.goto("/admin/settings/industry-types");
    await page.getByRole("button", { name: "Add Industry Type" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Industry Type" });
    await dialog.getByLabel("Name").fill("   ");
    await dialog.getByRole("button", { name: "Create" }).click();
    await expect(toast(page, "Name is required")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    const note = (await toast(page, "Name is required").boundingBox())!;
    const button = (await trigger.boundingBox())!;
    expect(note.y).toBeGreaterThanOrEqual(button.y + button.height);
    await expectNoSeriousA11yViolations(page, "toast on a phone");
    await trigger.click();
    await expect(page.getByRole("dialog")).toBeVisible();
  });

  test("the dashboard shows its cards and quick actions that navigate", async ({ page }) => {
    await page.goto("/admin");
    for (const title of ["Total Clients", "Active Projects", "Contracts", "Gallery Images"]) {
      await expect(page.getByRole("heading", { name: title })).toBeVisible();
    }
    await expect(page.getByRole("heading", { name: "Quick Actions" })).toBeVisible();
    const actions = [
      ["Add New Client", "/admin/clients/new"],
      ["Create Project", "/admin/projects/new"],
      ["Upload Images", "/admin/projects"],
      ["Manage Options", "/admin/options"],
    ] as const;
    for (const [name, href] of actions) {
      await expect(page.getByRole("link", { name })).toHaveAttribute("href", href);
    }
    await page.getByRole("link", { name: "Manage Options" }).click();
    await expect(page).toHaveURL("/admin/options");
  });

  test("an unknown admin page is a 404 inside the shell", async ({ page }) => {
    const response = await page.goto("/admin/does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
  });
});

test.describe("404 page", () => {
  test("shows the spec's text, links home, and logs the path", async ({ page }) => {
    const response = await page.goto("/no/such/page-xyz");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL("/");
    const log = fs.readFileSync(`${process.env.E2E_DATA_DIR}/server.log`, "utf8");
    expect(log).toMatch(/"level":40[^\n]*"path":"\/no\/such\/page-xyz"[^\n]*"msg":"page not found"/);
  });
});
