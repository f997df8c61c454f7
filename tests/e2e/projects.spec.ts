// The projects list: texts, counts, search and status filter in the URL, the
// row menu and the small screen. Deleting is proved in projects.test.ts (a
// project with contracts stays) and list.test.ts (the toasts); the delete
// dialog once, in clients.spec.ts.
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { sharedEmptyServer, useIsolatedServer } from "./support/isolated";
import { expectNoHorizontalOverflow } from "./support/screens";
import { PROJECT_IDS, seedProjects } from "./support/projects-seed";

test.describe("projects on an empty database", () => {
  const empty = sharedEmptyServer();

  test("the list says how to start", async ({ page }) => {
    await empty.signIn(page);
    await page.goto(`${empty.url}/admin/projects`);
    await expect(page.getByRole("heading", { name: "Projects", level: 1 })).toBeVisible();
    await expect(page.getByText("No projects found. Create your first project to get started.")).toBeVisible();
    await expect(page.getByPlaceholder("Search projects...")).toBeVisible();
    const status = page.getByLabel("Filter by status");
    await expect(status).toHaveValue("");
    await expect(status.locator("option")).toHaveText([
      "All Status",
      "Planning",
      "In Progress",
      "Completed",
      "On Hold",
    ]);
    await expectNoSeriousA11yViolations(page, "empty projects list");
    await page.getByRole("link", { name: "New Project" }).click();
    await expect(page).toHaveURL(/\/admin\/projects\/new$/);
  });
});

test.describe("projects list", () => {
  const server = useIsolatedServer({ seed: seedProjects });
  test.beforeEach(async ({ page }) => server.signIn(page));

  test("columns, counts, dates and a two-line description; drafts show under All Status", async ({ page }) => {
    await page.goto(`${server.url}/admin/projects`);
    for (const header of ["Project", "Client", "Installation Date", "Images", "Videos", "Playground Options"]) {
      await expect(page.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
    }
    // Newest first.
    await expect(page.getByRole("row").nth(1)).toContainText("Contracted Castle");
    const pirate = page.getByRole("row", { name: /Pirate Cove/ });
    const cells = pirate.getByRole("cell");
    await expect(cells.nth(1)).toHaveText("Harbour Museum");
    await expect(cells.nth(2)).toHaveText("3/7/2025");
    await expect(cells.nth(3)).toHaveText("2");
    await expect(cells.nth(4)).toHaveText("1");
    await expect(cells.nth(5)).toHaveText("2");
    await expect(pirate.locator("p.line-clamp-2")).toContainText("A two-deck pirate ship");
    await expect(
      page
        .getByRole("row", { name: /Jungle Trail/ })
        .getByRole("cell")
        .nth(2),
    ).toHaveText("—");
    await expect(page.getByRole("row", { name: /Draft Idea/ })).toContainText("Draft");
    await expectNoSeriousA11yViolations(page, "projects list");
  });

  test("search (title and project name) and the status filter live in the URL", async ({ page }) => {
    await page.goto(`${server.url}/admin/projects`);
    await page.getByPlaceholder("Search projects...").fill("pirate");
    await expect(page).toHaveURL(/\?q=pirate/);
    await expect(page.getByRole("row")).toHaveCount(2);
    await expect(page.getByRole("row", { name: /Pirate Cove/ })).toBeVisible();

    await page.getByPlaceholder("Search projects...").fill("contracted-castle");
    await expect(page.getByRole("row", { name: /Contracted Castle/ })).toBeVisible();
    await expect(page.getByRole("row")).toHaveCount(2);

    await page.goto(`${server.url}/admin/projects`);
    await page.getByLabel("Filter by status").selectOption("planning");
    await expect(page).toHaveURL(/status=planning/);
    await expect(page.getByRole("row", { name: /Jungle Trail/ })).toBeVisible();
    await expect(page.getByRole("row")).toHaveCount(2);
    await page.reload();
    await expect(page.getByLabel("Filter by status")).toHaveValue("planning");

    await page.goto(`${server.url}/admin/projects?status=completed&q=draft`);
    await expect(page.getByText("No projects found. Create your first project to get started.")).toBeVisible();
    await page.getByLabel("Filter by status").selectOption("");
    await expect(page).not.toHaveURL(/status=completed/);
    await expect(page.getByRole("row", { name: /Draft Idea/ })).toBeVisible();
  });

  test("'Loading projects...' while the list reloads", async ({ page }) => {
    await page.goto(`${server.url}/admin/projects`);
    await page.route("**/admin/projects.data*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.getByPlaceholder("Search projects...").fill("jungle");
    await expect(page.getByRole("status").filter({ hasText: "Loading projects..." })).toBeVisible();
    await expect(page.getByRole("row", { name: /Jungle Trail/ })).toBeVisible();
  });

  test("the row menu opens the preview in a new tab and the form; a row click opens the form", async ({ page }) => {
    await page.goto(`${server.url}/admin/projects`);
    await page.getByRole("button", { name: "Actions for Pirate Cove" }).click();
    const preview = page.getByRole("menuitem", { name: "Open Preview" });
    await expect(preview).toHaveAttribute("href", `/projects/${PROJECT_IDS.pirate}/preview`);
    await expect(preview).toHaveAttribute("target", "_blank");
    await expect(preview).toHaveAttribute("rel", /noopener/);
    await page.getByRole("menuitem", { name: "Edit" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/projects/${PROJECT_IDS.pirate}/edit$`));
    await page.getByRole("link", { name: "Back to projects" }).click();
    await page
      .getByRole("row", { name: /Jungle Trail/ })
      .getByRole("cell")
      .nth(1)
      .click();
    await expect(page).toHaveURL(new RegExp(`/admin/projects/${PROJECT_IDS.jungle}/edit$`));
  });

  test("the list at 390 px", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/admin/projects`);
    await expect(page.getByRole("row", { name: /Pirate Cove/ })).toBeVisible();
    await expectNoHorizontalOverflow(page);
  });
});
