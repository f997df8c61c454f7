import http from "node:http";
import type { AddressInfo } from "node:net";
import type { FrameLocator, Page } from "@playwright/test";
import {
  dragByMouse,
  expect,
  expectNoSeriousA11yViolations,
  moveByKeyboard,
  nextActionResponse,
  test,
  toast,
  waitForHydration,
} from "./support/fixtures";
import { sharedEmptyServer, useIsolatedServer } from "./support/isolated";
import { storeTestImage } from "./support/seed-images";
import { daysAgo } from "../factories";

const [LAKESIDE, HARBOUR, RIVERSIDE, CASTLE, MEADOW] = [
  "Lakeside Adventure",
  "Harbour Lookout",
  "Riverside Rope Park",
  "Castle Keep Fort",
  "Meadow Play Trail",
];

/**
 * Galleries of their own for each test (name → its projects in order), so no
 * test depends on what another did.
 */
const GALLERIES: Record<string, { published?: boolean; projects?: string[] }> = {
  "Taken Slug": { published: true },
  "Autumn Draft": {},
  "Publish Me": { published: true },
  "Pick Projects": { published: true },
  "Keyboard Order": { published: true, projects: [HARBOUR, LAKESIDE, RIVERSIDE, MEADOW, CASTLE] },
  "Failed Order": { projects: [CASTLE, LAKESIDE, HARBOUR, RIVERSIDE, MEADOW] },
  Removal: { projects: [CASTLE, LAKESIDE, HARBOUR, RIVERSIDE, MEADOW] },
  "Small Screen": { projects: [CASTLE, LAKESIDE, HARBOUR, MEADOW] },
  "Embed Me": { published: true, projects: [LAKESIDE, HARBOUR] },
  "Draft Embed": {},
  Framed: { published: true, projects: [CASTLE, LAKESIDE, HARBOUR, MEADOW] },
  "Delete Me": { published: true, projects: [LAKESIDE, HARBOUR] },
};
const slugOf = (name: string) => name.toLowerCase().replace(/ /g, "-");

const server = useIsolatedServer({
  async seed({ dataDir, make }) {
    const logo = await storeTestImage(dataDir, (ext) => `client-logos/1-logo.${ext}`, 200, 200);
    const school = await make.client({
      name: "Lakeside School",
      location: "Windermere, UK",
      logoKey: logo.key,
      logoWidth: logo.width,
      logoHeight: logo.height,
    });
    const museum = await make.client({ name: "Harbour Museum", location: "Bristol, UK" });
    const projects = new Map<string, string>();
    const plan = [
      { title: LAKESIDE, projectName: "lakeside-adventure", clientId: school.id, endDate: "2025-03-07" },
      { title: HARBOUR, projectName: "harbour-lookout", clientId: museum.id, endDate: "2024-06-01" },
      { title: RIVERSIDE, clientId: school.id },
      { title: CASTLE, projectName: "castle-keep-fort", clientId: museum.id, status: "in_progress" as const },
      { title: MEADOW, projectName: "meadow-play-trail", clientId: school.id, endDate: "2023-09-15" },
    ];
    for (const [i, values] of plan.entries()) {
      const project = await make.project({ status: "completed", ...values, createdAt: daysAgo(5 - i) });
      projects.set(values.title, project.id);
    }
    const lakeside = projects.get(LAKESIDE)!;
    const photo = await storeTestImage(
      dataDir,
      (ext) => `project-files/${lakeside}/photos_completed/1-photo.${ext}`,
      1200,
      900,
      { r: 200, g: 80, b: 40 },
    );
    await make.image({
      projectId: lakeside,
      storageKey: photo.key,
      width: photo.width,
      height: photo.height,
      imageCategory: "photos_completed",
      isFeatured: true,
    });
    for (const [i, [name, gallery]] of Object.entries(GALLERIES).entries()) {
      const { id } = await make.gallery({
        name,
        slug: slugOf(name),
        isPublished: gallery.published ?? false,
        createdAt: daysAgo(30 - i),
      });
      for (const [displayOrder, title] of (gallery.projects ?? []).entries()) {
        await make.galleryProject({ galleryId: id, projectId: projects.get(title)!, displayOrder });
      }
    }
  },
});

const row = (page: Page, name: string) => page.getByRole("listitem", { name, exact: true });
const projectList = (page: Page) => page.getByRole("list", { name: "Projects in this gallery, in display order" });

/** The titles of the gallery's projects, in the order shown. */
const shownTitles = (page: Page) => projectList(page).getByRole("listitem").locator("p[title]").allTextContents();

/** The titles of the cards of a public gallery page (or frame), in order. */
const publicTitles = (scope: Page | FrameLocator) =>
  scope.getByRole("main").getByRole("heading", { level: 2 }).allTextContents();

test.describe("gallery management on an empty database", () => {
  const empty = sharedEmptyServer();
  test("no galleries yet: the empty state opens the dialog", async ({ page }) => {
    await empty.signIn(page);
    await page.goto(`${empty.url}/admin/gallery`);
    await expect(page.getByRole("heading", { level: 1, name: "Gallery Management" })).toBeVisible();
    await expect(page.getByText("Create and manage project galleries")).toBeVisible();
    await expect(page.getByRole("button", { name: "New Gallery" })).toBeVisible();
    await expect(page.getByText("No galleries created yet")).toBeVisible();
    await expectNoSeriousA11yViolations(page, "empty gallery list");
    await page.getByRole("button", { name: "Create Your First Gallery" }).click();
    await expect(page.getByRole("dialog", { name: "Create Gallery" })).toBeVisible();
  });
});

test.describe("gallery management", () => {
  test.beforeEach(async ({ page }) => server.signIn(page));
  const list = () => `${server.url}/admin/gallery`;
  const detail = (slug: string) => `${server.url}/admin/gallery/${slug}`;

  test("create: a message on submit, as the slug is typed and from the server; the slug filled in from the name until edited; 'Saving...'", async ({
    page,
  }) => {
    await page.goto(list());
    await page.getByRole("button", { name: "New Gallery" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Gallery" });
    const name = dialog.getByLabel("Name");
    const slug = dialog.getByLabel("Gallery Slug");
    await expect(
      dialog.getByText("URL-friendly identifier; only lowercase letters, numbers and hyphens"),
    ).toBeVisible();
    await expect(dialog.getByLabel("Gallery ID")).toHaveCount(0);
    await expect(dialog.getByLabel("Description")).toHaveAttribute("rows", "4");
    const published = dialog.getByRole("switch", { name: "Published" });
    await expect(published).toHaveAttribute("aria-checked", "false");
    await expect(dialog.getByText("Make this gallery visible to the public")).toBeVisible();

    // Each message is proved in galleries.test.ts; here, once per way it reaches the screen.
    await dialog.getByRole("button", { name: "Create" }).click();
    await expect(dialog.getByText("Name is required")).toBeVisible();
    await expect(dialog.getByText("Slug is required")).toBeVisible();
    await expect(slug).toHaveAttribute("aria-invalid", "true");
    await expectNoSeriousA11yViolations(page, "create gallery dialog with errors");

    await name.fill("Café Ölympia & Co");
    await expect(slug).toHaveValue("cafe-olympia-co");
    await expect(dialog.getByText("Name is required")).toHaveCount(0);
    await expect(dialog.getByText("Slug is required")).toHaveCount(0);

    // A taken slug: the server's answer, on the field.
    await name.fill("Taken Slug");
    await dialog.getByRole("button", { name: "Create" }).click();
    await expect(dialog.getByText("A gallery with this slug already exists.")).toBeVisible();
    await expect(slug).toHaveAttribute("aria-invalid", "true");
    await expect(toast(page, "Error")).toContainText("A gallery with this slug already exists.");

    await name.fill("Spring Showcase");
    await expect(slug).toHaveValue("spring-showcase");
    await slug.fill("Spring Showcase");
    await expect(dialog.getByText("Slug can only contain lowercase letters, numbers, and hyphens")).toBeVisible();
    await slug.fill("spring-");
    // Edited by hand: the name no longer changes it.
    await name.fill("Spring Showcase Again");
    await expect(slug).toHaveValue("spring-");
    await slug.fill("spring-showcase");
    await expect(dialog.getByRole("alert")).toHaveCount(0);
    await name.fill("Spring Showcase");
    await expect(slug).toHaveValue("spring-showcase");
    await dialog.getByLabel("Description").fill("Our favourite projects this spring.");
    await published.click();
    await expect(published).toHaveAttribute("aria-checked", "true");

    // Slow the save down enough to see it (only the save: a live-update reload of the list may be
    // in flight when the route is removed, and must not be held by it).
    await page.route("**/admin/gallery.data*", async (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await dialog.getByRole("button", { name: "Create" }).click();
    await expect(dialog.getByRole("button", { name: "Saving..." })).toBeDisabled();
    await expect(toast(page, "Gallery created")).toBeVisible();
    await page.unroute("**/admin/gallery.data*");
    await expect(dialog).toBeHidden();
    const spring = row(page, "Spring Showcase");
    await expect(spring.getByText("Published", { exact: true })).toBeVisible();
    await expect(spring).toContainText("0 projects");
    await expect(spring).toContainText("/gallery/spring-showcase");
    // Newest first.
    await expect(page.getByRole("list", { name: "Galleries" }).getByRole("heading").first()).toHaveText(
      "Spring Showcase",
    );
    await expectNoSeriousA11yViolations(page, "gallery list");

    // Each opening starts empty.
    await page.getByRole("button", { name: "New Gallery" }).click();
    await expect(name).toHaveValue("");
    await expect(slug).toHaveValue("");
  });

  test("edit: the read-only Gallery ID, the slug stays put, a hint about the address", async ({ page }) => {
    await page.goto(list());
    await page.getByRole("button", { name: "Edit Autumn Draft" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Gallery" });
    const galleryId = dialog.getByLabel("Gallery ID");
    await expect(galleryId).toHaveValue(/^[0-9a-f-]{36}$/);
    await expect(galleryId).toHaveAttribute("readonly", "");
    await expect(dialog.getByLabel("Gallery Slug")).toHaveValue("autumn-draft");
    await expect(dialog.getByText(/Changing it moves the public page to/)).toBeVisible();
    await dialog.getByLabel("Name").fill("Autumn Favourites");
    await expect(dialog.getByLabel("Gallery Slug")).toHaveValue("autumn-draft");
    await expect(dialog.getByRole("switch", { name: "Published" })).toHaveAttribute("aria-checked", "false");
    await dialog.getByRole("button", { name: "Update" }).click();
    await expect(toast(page, "Gallery updated")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row(page, "Autumn Favourites")).toContainText("/gallery/autumn-draft");
  });

  test("the publish switch hides and shows the public page at once", async ({ page }) => {
    await page.goto(list());
    const toggle = row(page, "Publish Me").getByRole("switch", { name: "Publish Publish Me" });
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    await toggle.click();
    await expect(toast(page, "Gallery updated successfully")).toBeVisible();
    await expect(row(page, "Publish Me").getByText("Draft", { exact: true })).toBeVisible();
    let response = await page.request.get(`${server.url}/gallery/publish-me`);
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain("Gallery Not Found");

    await page.reload();
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    await toggle.click();
    await expect(toast(page, "Gallery updated successfully")).toBeVisible();
    await expect(row(page, "Publish Me").getByText("Published", { exact: true })).toBeVisible();
    response = await page.request.get(`${server.url}/gallery/publish-me`);
    expect(response.status()).toBe(200);
  });

  test("Manage Projects: the empty detail page, then adding projects in the order picked", async ({ page }) => {
    await page.goto(list());
    await row(page, "Pick Projects")
      .getByRole("link", { name: /Manage Projects/ })
      .click();
    await expect(page).toHaveURL(detail("pick-projects"));
    await expect(page.getByRole("heading", { level: 1, name: "Pick Projects" })).toBeVisible();
    await expect(page.getByText("Manage projects in this gallery")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Gallery Management" })).toHaveAttribute(
      "href",
      "/admin/gallery",
    );
    await expect(page.getByText("No projects in this gallery yet")).toBeVisible();
    await expectNoSeriousA11yViolations(page, "empty gallery detail");

    await page.getByRole("button", { name: "Add Your First Project" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Projects" });
    const choices = dialog.getByRole("list", { name: "Projects not in this gallery" });
    await expect(choices.getByRole("listitem")).toHaveCount(5);
    await expect(choices.getByRole("listitem").locator("span.font-medium")).toHaveText([
      "Castle Keep Fort",
      "Harbour Lookout",
      "Lakeside Adventure",
      "Meadow Play Trail",
      "Riverside Rope Park",
    ]);
    await expectNoSeriousA11yViolations(page, "add projects dialog");

    // Nothing picked: told so, nothing posted.
    await dialog.getByRole("button", { name: "Add 0 Project(s)" }).click();
    await expect(toast(page, "No projects selected")).toContainText("Please select at least one project to add");
    await expect(dialog).toBeVisible();

    await dialog.getByLabel("Search projects").fill("harb");
    await expect(choices.getByRole("listitem")).toHaveCount(1);
    await dialog.getByRole("checkbox", { name: /Harbour Lookout/ }).click();
    await dialog.getByLabel("Search projects").fill("");
    await dialog.getByRole("checkbox", { name: /Lakeside Adventure/ }).click();
    await expect(dialog.getByRole("checkbox", { name: /Harbour Lookout/ })).toBeChecked();
    await dialog.getByRole("button", { name: "Add 2 Project(s)" }).click();
    await expect(toast(page, "Projects added successfully")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect.poll(() => shownTitles(page)).toEqual(["Harbour Lookout", "Lakeside Adventure"]);

    const first = projectList(page).getByRole("listitem").nth(1);
    await expect(first.getByRole("img", { name: "Lakeside School logo" })).toBeVisible();
    await expect(first).toContainText("Windermere, UK");
    await expect(first.locator("img").first()).toHaveAttribute("srcset", /_w320\.webp 320w/);
    await expect(
      projectList(page)
        .getByRole("listitem")
        .nth(0)
        .getByRole("img", { name: /Harbour Museum/ }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page, "gallery detail with projects");

    await page.getByRole("button", { name: "Add Projects" }).click();
    await expect(choices.getByRole("listitem")).toHaveCount(3);
    for (const title of ["Riverside Rope Park", "Meadow Play Trail", "Castle Keep Fort"]) {
      await dialog.getByRole("checkbox", { name: new RegExp(title) }).click();
    }
    await dialog.getByRole("button", { name: "Add 3 Project(s)" }).click();
    await expect(dialog).toBeHidden();
    await expect
      .poll(() => shownTitles(page))
      .toEqual([
        "Harbour Lookout",
        "Lakeside Adventure",
        "Riverside Rope Park",
        "Meadow Play Trail",
        "Castle Keep Fort",
      ]);

    await page.getByRole("button", { name: "Add Projects" }).click();
    await expect(dialog.getByText("All projects have been added to this gallery")).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();

    await page.goto(list());
    await expect(row(page, "Pick Projects")).toContainText("5 projects");
  });

  test("reorder by keyboard, then by mouse drag: kept after reload and on the public page", async ({ page }) => {
    await page.goto(detail("keyboard-order"));
    await waitForHydration(page);
    const saved = nextActionResponse(page);
    await moveByKeyboard(page, projectList(page).getByRole("button", { name: "Reorder Harbour Lookout" }), {
      item: HARBOUR,
      key: "ArrowDown",
      to: 2,
      of: 5,
    });
    await expect.poll(() => shownTitles(page)).toEqual([LAKESIDE, HARBOUR, RIVERSIDE, MEADOW, CASTLE]);
    await saved;

    const dragged = nextActionResponse(page);
    await dragByMouse(
      page,
      projectList(page).getByRole("button", { name: "Reorder Castle Keep Fort" }),
      projectList(page).getByRole("listitem").first(),
      { item: CASTLE, to: 1, of: 5 },
    );
    const expected = [CASTLE, LAKESIDE, HARBOUR, RIVERSIDE, MEADOW];
    await expect.poll(() => shownTitles(page)).toEqual(expected);
    await dragged;
    await page.reload();
    await expect.poll(() => shownTitles(page)).toEqual(expected);
    await page.goto(`${server.url}/gallery/keyboard-order`);
    expect(await publicTitles(page)).toEqual(expected);
  });

  test("a failed reorder says 'Error reordering projects' and the list snaps back", async ({ page }) => {
    await page.goto(detail("failed-order"));
    await waitForHydration(page);
    const before = await shownTitles(page);
    // The post is changed on its way to name a gallery that does not exist.
    await page.route("**/admin/gallery/failed-order.data*", async (route) => {
      const request = route.request();
      if (request.method() !== "POST") return route.continue();
      const body = request.postData() ?? "";
      expect(body).toContain("intent=reorder");
      await route.continue({
        postData: body.replace(/galleryId=[^&]+/, "galleryId=f0000000-0000-4000-8000-000000000009"),
      });
    });
    // Dropped only once the move was announced: a drop before it sends no reorder at all.
    await moveByKeyboard(page, projectList(page).getByRole("button", { name: "Reorder Castle Keep Fort" }), {
      item: CASTLE,
      key: "ArrowDown",
      to: 2,
      of: 5,
    });
    await expect(toast(page, "Error reordering projects")).toBeVisible();
    await expect.poll(() => shownTitles(page)).toEqual(before);
    await page.unroute("**/admin/gallery/failed-order.data*");
    await page.reload();
    expect(await shownTitles(page)).toEqual(before);
  });

  test("remove a project: the rest close up", async ({ page }) => {
    await page.goto(detail("removal"));
    await projectList(page).getByRole("button", { name: "Remove Riverside Rope Park from this gallery" }).click();
    await expect(toast(page, "Project removed successfully")).toBeVisible();
    const expected = [CASTLE, LAKESIDE, HARBOUR, MEADOW];
    await expect.poll(() => shownTitles(page)).toEqual(expected);
    await page.reload();
    expect(await shownTitles(page)).toEqual(expected);
  });

  test("the detail page at 390 px", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(detail("small-screen"));
    await expect(projectList(page).getByRole("listitem")).toHaveCount(4);
    await expect(page.getByRole("button", { name: "Add Projects" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test("embed code: the snippet, Copy ('Copied!' and the toast), Preview, the local-address note", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    await page.goto(detail("embed-me"));
    await page.getByRole("button", { name: "Embed Code" }).click();
    const popover = page.getByRole("dialog", { name: "Embed Code for Squarespace" });
    const code = popover.getByRole("textbox", { name: "Embed code" });
    await expect(code).toHaveValue(
      `<iframe src="${server.url}/gallery/embed-me" width="100%" height="600" style="border:0;width:100%" title="Embed Me" data-loading-text="Loading gallery..." loading="lazy"></iframe>\n` +
        `<script src="${server.url}/embed.js" async></script>`,
    );
    // No PUBLIC_URL and a loopback address: the code works on this machine only.
    await expect(popover).toContainText("only this computer can reach");
    await expect(popover).toContainText("PUBLIC_URL");
    await expect(popover).not.toContainText("is a draft");
    const preview = popover.getByRole("link", { name: /Preview/ });
    await expect(preview).toHaveAttribute("href", "/gallery/embed-me");
    await expect(preview).toHaveAttribute("target", "_blank");
    await expectNoSeriousA11yViolations(page, "embed code popover");

    await popover.getByRole("button", { name: "Copy" }).click();
    await expect(popover.getByRole("button", { name: "Copied!" })).toBeVisible();
    await expect(toast(page, "Copied to clipboard!")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await code.inputValue());
    await expect(popover.getByRole("button", { name: "Copy" })).toBeVisible({ timeout: 4000 });

    const [tab] = await Promise.all([context.waitForEvent("page"), preview.click()]);
    await tab.waitForLoadState();
    expect(tab.url()).toBe(`${server.url}/gallery/embed-me`);
    await expect(tab.getByRole("heading", { level: 1, name: "Embed Me" })).toBeVisible();
    await tab.close();

    // A draft says it must be published first.
    await page.goto(detail("draft-embed"));
    await page.getByRole("button", { name: "Embed Code" }).click();
    await expect(page.getByRole("dialog", { name: "Embed Code for Squarespace" })).toContainText(
      "This gallery is a draft: publish it first",
    );
  });

  test("an unknown or malformed gallery address is a 404 inside the admin", async ({ page }) => {
    for (const slug of ["no-such-gallery", "Bad_Slug"]) {
      const response = await page.goto(detail(slug));
      expect(response?.status(), slug).toBe(404);
      await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
    }
  });

  test("the embed code pasted into a page on another origin: the projects in order, at the right height", async ({
    page,
  }) => {
    await page.goto(detail("framed"));
    const order = await shownTitles(page);
    await page.getByRole("button", { name: "Embed Code" }).click();
    const code = await page
      .getByRole("dialog", { name: "Embed Code for Squarespace" })
      .getByRole("textbox", { name: "Embed code" })
      .inputValue();

    const site = http.createServer((_request, response) => {
      response.setHeader("Content-Type", "text/html");
      response.end(`<!doctype html><html lang="en"><head><title>Our work</title></head><body style="margin:0">
        <h1>Our playgrounds</h1>
        ${code}
        <p>Contact us</p>
      </body></html>`);
    });
    await new Promise<void>((resolve) => site.listen(0, "localhost", resolve));
    try {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`http://localhost:${(site.address() as AddressInfo).port}/`);
      const frame = page.frameLocator('iframe[title="Framed"]');
      await expect(frame.getByRole("heading", { level: 1, name: "Framed" })).toBeVisible();
      expect(await publicTitles(frame)).toEqual(order);
      const content = await frame
        .locator("[data-embed-root]")
        .evaluate((el) => Math.ceil(el.getBoundingClientRect().bottom));
      await expect
        .poll(() => page.evaluate(() => Math.round(document.querySelector("iframe")!.getBoundingClientRect().height)))
        .toBe(content);
      expect(content).not.toBe(600);
      await expect(page.getByText("Loading gallery...")).toHaveCount(0);
    } finally {
      await new Promise<void>((resolve) => site.close(() => resolve()));
    }
  });

  test("delete asks first; the gallery and its public page go, the projects stay", async ({ page }) => {
    await page.goto(list());
    await page.getByRole("button", { name: "Delete Delete Me" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm.getByRole("heading", { name: 'Delete "Delete Me"?' })).toBeVisible();
    await expect(confirm).toContainText("Are you sure you want to delete this gallery? This action cannot be undone.");
    await expect(confirm).toContainText("Its 2 projects stay in the library; only the gallery and its order go.");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(row(page, "Delete Me")).toBeVisible();

    await page.getByRole("button", { name: "Delete Delete Me" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Gallery deleted successfully")).toBeVisible();
    await expect(row(page, "Delete Me")).toHaveCount(0);
    await expect(row(page, "Taken Slug")).toBeVisible();
    expect((await page.request.get(`${server.url}/gallery/delete-me`)).status()).toBe(404);
    expect((await page.request.get(`${server.url}/lakeside-adventure`)).status()).toBe(200);
  });
});
