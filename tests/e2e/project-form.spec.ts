// The project form: create (its messages once per way they reach the screen),
// edit, the switches that reveal fields, playground options saved at once,
// embed code, preview, duplicate, delete and the unsaved-changes warning. Each
// field's messages are proved in app/domain/projects/schema.test.ts and
// case-study.test.ts, a taken or reserved project name in projects.test.ts; a
// stale save is refused in app/routes/admin/projects/editor.test.ts, and the
// conflict on screen is shown once, in clients.spec.ts. An image's alt text is
// shown in project-media.spec.ts.
import { expect, expectNoSeriousA11yViolations, test, toast } from "./support/fixtures";
import { useIsolatedServer } from "./support/isolated";
import { OPTION_IDS, PROJECT_IDS, seedProjects } from "./support/projects-seed";
import type { Seed } from "./support/server";

// Projects of the tests that save changes, beside the known ones the others only read.
const OWN = {
  options: "a5555555-5555-4555-8555-555555555555",
  unsaved: "a7777777-7777-4777-8777-777777777777",
  caseStudy: "a8888888-8888-4888-8888-888888888888",
};
const seed: Seed = async (context) => {
  await seedProjects(context);
  const { make } = context;
  const client = await make.client({ name: "Hillside Parks" });
  await make.project({ id: OWN.options, title: "Treasure Trail", clientId: client.id });
  await make.projectOption({ projectId: OWN.options, optionId: OPTION_IDS.slide });
  await make.projectOption({ projectId: OWN.options, optionId: OPTION_IDS.wall });
  await make.project({ id: OWN.unsaved, title: "Canopy Walk", clientId: client.id });
  // A render and a completed photo: the edit test pairs them.
  await make.project({ id: OWN.caseStudy, title: "Lighthouse Lookout", clientId: client.id, status: "planning" });
  await make.image({ projectId: OWN.caseStudy, imageCategory: "3d_renders" });
  await make.image({ projectId: OWN.caseStudy, imageCategory: "photos_completed" });
};

test.describe("project form", () => {
  const server = useIsolatedServer({ seed });
  test.beforeEach(async ({ page }) => server.signIn(page));
  const edit = (id: string) => `${server.url}/admin/projects/${id}/edit`;

  test("create: the spec's messages, project name rules, switches that reveal fields", async ({ page }) => {
    await page.goto(`${server.url}/admin/projects/new`);
    await expect(page.getByRole("heading", { name: "New Project" })).toBeVisible();
    // Create mode: options wait for a save, no media, no edit-only actions.
    await expect(page.getByRole("button", { name: "Playground Options" })).toBeDisabled();
    await expect(page.getByText("Save the project first to add playground options")).toBeVisible();
    await expect(page.getByRole("tab", { name: "3D Renders" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Embed Code" })).toHaveCount(0);
    await expect(page.getByRole("switch", { name: "Show in Gallery" })).toHaveCount(0);
    await expect(page.getByLabel("Status")).toHaveValue("draft");

    // The messages of each field are proved in schema.test.ts; here, once per way they reach the
    // screen: on submit, as the field is typed in, and from the server (a taken project name).
    await page.getByRole("button", { name: "Create Project" }).click();
    await expect(page.getByText("Title is required")).toBeVisible();
    await expect(page.getByText("Client is required")).toBeVisible();
    await expectNoSeriousA11yViolations(page, "new project form with errors");

    // The project name follows the title until it is edited.
    await page.getByRole("textbox", { name: "Title", exact: true }).fill("Sunny Park Adventure!");
    await expect(page.getByLabel("Project Name")).toHaveValue("sunny-park-adventure");
    await page.getByLabel("Client").selectOption({ label: "Riverside School" });
    await page.getByLabel("Project Name").fill("Sunny Park");
    await expect(page.getByText("Project name can only contain lowercase letters, numbers, and hyphens")).toBeVisible();
    await page.getByLabel("Project Name").fill("pirate-cove");
    await page.getByRole("button", { name: "Create Project" }).click();
    await expect(page.getByText('This project name is already used by "Pirate Cove".').first()).toBeVisible();
    await expect(toast(page, "Error creating project")).toBeVisible();
    await page.getByLabel("Project Name").fill("");
    await page.getByRole("button", { name: "Suggest" }).click();
    await expect(page.getByLabel("Project Name")).toHaveValue("sunny-park-adventure");

    await page.getByLabel("Description").fill("Slides, swings and a sandpit.");
    await page.getByLabel("Status").selectOption("in_progress");
    await page.getByLabel("Installation Date").fill("2025-03-07");

    // Featured reveals its URL (http(s) only).
    const featuredUrl = page.getByLabel("Featured URL");
    await expect(featuredUrl).toBeHidden();
    await page.getByRole("switch", { name: "Featured", exact: true }).click();
    await expect(featuredUrl).toBeVisible();
    await featuredUrl.fill("https://example.com/sunny");

    // A dimension block shows its fields only when included.
    const main = page.getByRole("group", { name: "Main Playground" });
    const toddler = page.getByRole("group", { name: "Toddler Zone" });
    await expect(main.getByLabel("Length (ft)")).toBeHidden();
    await main.getByRole("switch", { name: "Included" }).click();
    await expect(main.getByLabel("Length (ft)")).toBeVisible();
    await expect(main.getByLabel("Length (ft)")).toHaveAttribute("step", "0.1");
    await expect(toddler.getByLabel("Length (ft)")).toBeHidden();
    await main.getByLabel("Length (ft)").fill("12.3");
    await main.getByLabel("Levels").fill("2");
    await page.getByLabel("Sale Price").fill("125000.5");
    await page.getByRole("button", { name: "Create Project" }).click();
    await expect(page).toHaveURL(/\/admin\/projects$/);
    await expect(toast(page, "Project created successfully")).toBeVisible();
    const row = page.getByRole("row", { name: /Sunny Park Adventure!/ });
    await expect(row).toContainText("Riverside School");
    await expect(row).toContainText("3/7/2025");

    await row.getByRole("link", { name: "Sunny Park Adventure!" }).click();
    await expect(page.getByLabel("Project Name")).toHaveValue("sunny-park-adventure");
    await expect(page.getByRole("switch", { name: "Featured", exact: true })).toBeChecked();
    await expect(page.getByLabel("Featured URL")).toHaveValue("https://example.com/sunny");
    await expect(main.getByLabel("Length (ft)")).toHaveValue("12.30");
    await expect(page.getByLabel("Sale Price")).toHaveValue("125000.50");
    await expect(page.getByLabel("Status")).toHaveValue("in_progress");
  });

  test("edit: status, Show in Gallery, an included block, the story, the quote, who it is for and the render/photo pair are saved", async ({
    page,
  }) => {
    await page.goto(edit(OWN.caseStudy));
    await expect(page.getByRole("heading", { name: "Edit Project" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Title", exact: true })).toHaveValue("Lighthouse Lookout");
    await page.getByLabel("Status").selectOption("completed");
    await page.getByRole("switch", { name: "Show in Gallery" }).click();
    const court = page.getByRole("group", { name: "Sport Court" });
    await court.getByRole("switch", { name: "Included" }).click();
    await court.getByLabel("Square Feet").fill("2400");
    await page.getByLabel("The brief").fill("A museum wanted a play ship.\n\nIt had to survive the sea air.");
    await page.getByLabel("Our solution").fill("Oak decks and stainless rigging.");
    await page.getByLabel("The result").fill("Families stay an hour longer.");
    await page.getByLabel("Quote", { exact: true }).fill("Our visitors love it.");
    await page.getByLabel("Author").fill("Ada Byron");
    await page.getByLabel("Role").fill("Museum Director");
    const ages = page.getByRole("group", { name: "Age groups" });
    await ages.getByRole("checkbox", { name: "2–5 years" }).check();
    await ages.getByRole("checkbox", { name: "13+ and adults" }).check();
    await page.getByRole("switch", { name: "Inclusive play" }).click();
    await page.getByLabel("Surfacing").selectOption({ label: "Poured rubber" });
    await expect(page.getByRole("heading", { name: "Render versus Reality" })).toBeVisible();
    await page.getByRole("combobox", { name: "3D render" }).selectOption({ index: 1 });
    await page.getByRole("combobox", { name: "Completed photo" }).selectOption({ index: 1 });
    await page.getByRole("button", { name: "Update Project" }).click();
    await expect(page).toHaveURL(/\/admin\/projects$/);
    await expect(toast(page, "Project updated successfully")).toBeVisible();

    await page.goto(edit(OWN.caseStudy));
    await expect(page.getByLabel("Status")).toHaveValue("completed");
    await expect(page.getByRole("switch", { name: "Show in Gallery" })).toBeChecked();
    await expect(court.getByLabel("Square Feet")).toHaveValue("2400.00");
    await expect(page.getByLabel("The brief")).toHaveValue(
      "A museum wanted a play ship.\n\nIt had to survive the sea air.",
    );
    await expect(page.getByLabel("Role")).toHaveValue("Museum Director");
    await expect(ages.getByRole("checkbox", { name: "2–5 years" })).toBeChecked();
    await expect(ages.getByRole("checkbox", { name: "5–12 years" })).not.toBeChecked();
    await expect(ages.getByRole("checkbox", { name: "13+ and adults" })).toBeChecked();
    await expect(page.getByRole("switch", { name: "Inclusive play" })).toBeChecked();
    await expect(page.getByLabel("Surfacing")).toHaveValue("poured-rubber");
    await expect(page.getByRole("combobox", { name: "3D render" })).not.toHaveValue("");
    // Switched off, the block hides its fields (the saved values stay).
    await court.getByRole("switch", { name: "Included" }).click();
    await expect(court.getByLabel("Square Feet")).toBeHidden();
    await court.getByRole("switch", { name: "Included" }).click();
    await expect(court.getByLabel("Square Feet")).toHaveValue("2400.00");
    // A project without both a render and a completed photo has nothing to pair.
    await page.goto(edit(PROJECT_IDS.jungle));
    await expect(page.getByRole("heading", { name: "Story", exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Render versus Reality" })).toHaveCount(0);
  });

  test("embed code: Copy shows 'Copied' for 2 seconds and the toast; Open Preview opens the web view", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    await page.goto(edit(PROJECT_IDS.pirate));
    const preview = page.getByRole("link", { name: "Open Preview" });
    await expect(preview).toHaveAttribute("href", "/webview/pirate-cove");
    await expect(preview).toHaveAttribute("target", "_blank");
    await expect(preview).toHaveAttribute("rel", /noopener/);

    await page.getByRole("button", { name: "Embed Code" }).click();
    const popover = page.getByRole("dialog", { name: "Embed Code" });
    const code = popover.getByRole("textbox", { name: "Embed code" });
    await expect(code).toHaveValue(
      `<iframe src="${server.url}/webview/pirate-cove" width="100%" height="600" style="border:0;width:100%" title="Pirate Cove" data-loading-text="Loading project..." loading="lazy"></iframe>\n` +
        `<script src="${server.url}/embed.js" async></script>`,
    );
    await expectNoSeriousA11yViolations(page, "embed code popover");
    await popover.getByRole("button", { name: "Copy" }).click();
    await expect(popover.getByRole("button", { name: "Copied" })).toBeVisible();
    await expect(toast(page, "Embed code copied to clipboard")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await code.inputValue());
    await expect(popover.getByRole("button", { name: "Copy" })).toBeVisible({ timeout: 4000 });
  });

  test("playground options are saved at once, each with its toast", async ({ page }) => {
    await page.goto(edit(OWN.options));
    const badges = page.getByRole("list", { name: "Selected playground options" });
    await expect(badges.getByRole("listitem")).toHaveText(["Tube Slide", "Climbing Wall"]);
    await badges.getByRole("button", { name: "Remove Tube Slide" }).click();
    await expect(toast(page, "Option removed")).toBeVisible();
    await expect(badges.getByRole("listitem")).toHaveText(["Climbing Wall"]);

    await page.getByRole("button", { name: "Playground Options" }).click();
    const choices = page.getByRole("listbox", { name: "Playground options" });
    await expect(choices.getByRole("option", { name: /Climbing Wall/ })).toHaveAttribute("aria-selected", "true");
    await page.getByRole("searchbox", { name: "Search playground options" }).fill("sens");
    await expect(choices.getByRole("option")).toHaveCount(1);
    await expectNoSeriousA11yViolations(page, "playground options picker");
    await choices.getByRole("option", { name: /Sensory Panels/ }).click();
    await expect(toast(page, "Option added")).toBeVisible();
    await expect(choices.getByRole("option", { name: /Sensory Panels/ })).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Escape");
    await expect(badges.getByRole("listitem")).toHaveText(["Climbing Wall", "Sensory Panels"]);

    await page.reload();
    await expect(badges.getByRole("listitem")).toHaveText(["Climbing Wall", "Sensory Panels"]);
    await page.goto(`${server.url}/admin/projects?q=treasure`);
    await expect(
      page
        .getByRole("row", { name: /Treasure Trail/ })
        .getByRole("cell")
        .nth(5),
    ).toHaveText("2");
  });

  test("duplicate copies fields and options into a new draft (no project name: no embed code, no preview); delete from the form", async ({
    page,
  }) => {
    await page.goto(edit(PROJECT_IDS.pirate));
    await page.getByRole("button", { name: "Duplicate" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Duplicate this project?" });
    await expect(dialog).toContainText("Pirate Cove (copy)");
    await dialog.getByRole("button", { name: "Duplicate" }).click();
    await expect(page).not.toHaveURL(new RegExp(PROJECT_IDS.pirate));
    await expect(page).toHaveURL(/\/admin\/projects\/[0-9a-f-]{36}\/edit$/);
    await expect(toast(page, "Project duplicated")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Title", exact: true })).toHaveValue("Pirate Cove (copy)");
    await expect(page.getByLabel("Project Name")).toHaveValue("");
    await expect(page.getByLabel("Status")).toHaveValue("draft");
    await expect(page.getByLabel("Theme Style")).toHaveValue("Pirate ship");
    await expect(page.getByRole("list", { name: "Selected playground options" }).getByRole("listitem")).toHaveText([
      "Tube Slide",
      "Climbing Wall",
    ]);
    // Without a project name: no embed code yet, and Open Preview is disabled.
    await expect(page.getByRole("button", { name: "Open Preview" })).toBeDisabled();
    await page.getByRole("button", { name: "Embed Code" }).click();
    await expect(page.getByRole("dialog", { name: "Embed Code" })).toContainText("needs a project name first");
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog", { name: 'Delete "Pirate Cove (copy)"?' });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page).toHaveURL(/\/admin\/projects$/);
    await expect(toast(page, "Project deleted")).toBeVisible();
    await expect(page.getByRole("row", { name: /Pirate Cove \(copy\)/ })).toHaveCount(0);
    await expect(page.getByRole("row", { name: /Pirate Cove/ })).toHaveCount(1);
  });

  test("leaving with unsaved changes asks first; saving does not", async ({ page }) => {
    await page.goto(edit(OWN.unsaved));
    // Untouched: leaving is free.
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/admin\/projects$/);

    await page.goto(edit(OWN.unsaved));
    await page.getByLabel("Theme Style").fill("Tropical");
    await page.getByRole("link", { name: "Cancel" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Leave without saving?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Stay on page" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`${OWN.unsaved}/edit$`));
    await expect(page.getByLabel("Theme Style")).toHaveValue("Tropical");

    // Closing or reloading the tab gets the browser's own prompt.
    const prompt = page.waitForEvent("dialog");
    void page.reload().catch(() => undefined);
    const beforeUnload = await prompt;
    expect(beforeUnload.type()).toBe("beforeunload");
    await beforeUnload.dismiss();
    await expect(page.getByLabel("Theme Style")).toHaveValue("Tropical");

    // Typing it back as it was is not a change; a switch is.
    await page.getByLabel("Theme Style").fill("");
    await page.getByRole("group", { name: "Toddler Zone" }).getByRole("switch", { name: "Included" }).click();
    await page.getByRole("link", { name: "Back to projects" }).click();
    await dialog.getByRole("button", { name: "Leave without saving" }).click();
    await expect(page).toHaveURL(/\/admin\/projects$/);

    await page.goto(edit(OWN.unsaved));
    await page.getByLabel("Theme Style").fill("Rainforest");
    await page.getByRole("button", { name: "Update Project" }).click();
    await expect(page).toHaveURL(/\/admin\/projects$/);
    await expect(toast(page, "Project updated successfully")).toBeVisible();
    await expect(dialog).toHaveCount(0);
  });

  test("the form at 390 px, new and edit", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await page.goto(`${server.url}/admin/projects/new`);
    await expect(page.getByRole("heading", { name: "New Project" })).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.goto(edit(PROJECT_IDS.castle));
    await expect(page.getByRole("heading", { name: "Edit Project" })).toBeVisible();
    await expectNoSeriousA11yViolations(page, "edit project form, mobile");
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});
