// The public front door: the Project Library, the library-style project page,
// the public project gallery and the company's details.
import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test, toast } from "./support/fixtures";
import { useIsolatedServer } from "./support/isolated";
import { startParentPage } from "../../scripts/lib/parent-page";
import { storeTestImage } from "./support/seed-images";
import { daysAgo } from "../factories";

const id = (prefix: string, n: number) => `${prefix}0000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const SLIDE = id("e", 1);
const NET = id("e", 2);

const server = useIsolatedServer({
  async seed({ dataDir, make }) {
    const logo = await storeTestImage(dataDir, (ext) => `company/1-logo.${ext}`, 200, 200);
    const clientLogo = await storeTestImage(dataDir, (ext) => `client-logos/1-logo.${ext}`, 200, 200);
    await make.company({
      name: "Brightside Play Co.",
      address: "4 Meadow Works, Harrogate",
      phone: "+44 1423 555 010",
      videoUrl: "https://video.example/brightside",
      facebookUrl: "https://facebook.example/brightside",
      instagramUrl: "https://instagram.example/brightside",
      linkedinUrl: "https://linkedin.example/brightside",
      logoKey: logo.key,
      logoWidth: logo.width,
      logoHeight: logo.height,
    });
    await make.industryType({ name: "Schools" });
    await make.industryType({ name: "Parks" });
    const school = await make.client({
      id: id("c", 1),
      name: "Harbour School",
      location: "Whitby, UK",
      website: "https://harbour-school.example",
      industryType: "Schools",
      logoKey: clientLogo.key,
      logoWidth: clientLogo.width,
      logoHeight: clientLogo.height,
    });
    const park = await make.client({
      id: id("c", 2),
      name: "Moor Park",
      location: "Leeds, UK",
      industryType: "Parks",
      website: "https://moor-park-and-gardens-trust.example",
    });
    await make.option({ id: SLIDE, optionName: "Tube Slide" });
    await make.option({ id: NET, optionName: "Rope Net" });
    const listed = { status: "completed", showInGallery: true } as const;
    const anchor = await make.project({
      ...listed,
      id: id("a", 1),
      title: "Anchor Adventure",
      projectName: "anchor-adventure",
      clientId: school.id,
      endDate: "2025-03-07",
      description: "A nautical climbing frame.",
      themeStyle: "Nautical",
      ageGroups: ["2-5-years", "5-12-years"],
      inclusivePlay: true,
      surfacing: "poured-rubber",
      createdAt: daysAgo(3),
    });
    await make.project({
      ...listed,
      id: id("a", 2),
      title: "Bramble Maze",
      clientId: park.id,
      endDate: "2024-06-01",
      description: "Hedges and tunnels.",
      ageGroups: ["5-12-years"],
      surfacing: "mulch",
      createdAt: daysAgo(2),
    });
    const cloud = await make.project({
      ...listed,
      id: id("a", 3),
      title: "Cloud Tower",
      projectName: "cloud-tower",
      clientId: park.id,
      description: "A tall tower with a nautical flag.",
      themeStyle: "Sky",
      ageGroups: ["5-12-years", "13-plus"],
      inclusivePlay: true,
      surfacing: "poured-rubber",
      createdAt: daysAgo(1),
    });
    await make.project({
      id: id("a", 4),
      title: "Draft Dunes",
      projectName: "draft-dunes",
      clientId: school.id,
      status: "draft",
      showInGallery: true,
    });
    await make.projectOption({ projectId: anchor.id, optionId: SLIDE });
    await make.projectOption({ projectId: anchor.id, optionId: NET });
    await make.projectOption({ projectId: cloud.id, optionId: SLIDE });
    await make.video({
      projectId: anchor.id,
      title: "Tour",
      youtubeUrl: "https://youtu.be/abcdefghijk",
      youtubeId: "abcdefghijk",
      videoCategory: "real_videos",
    });
    for (const [i, caption] of ["Deck at dusk", "Rope bridge"].entries()) {
      const image = await storeTestImage(
        dataDir,
        (ext) => `project-files/${anchor.id}/photos_completed/${i}-p.${ext}`,
        1200,
        900,
      );
      await make.image({
        projectId: anchor.id,
        storageKey: image.key,
        width: image.width,
        height: image.height,
        caption,
        displayOrder: i,
        imageCategory: "photos_completed",
      });
    }
  },
});

const cards = (page: Page) =>
  page
    .locator("#library-results")
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 2 }) });

test.describe("Project Library", () => {
  test("header, cards and footer as the spec says", async ({ page }) => {
    const response = await page.goto(`${server.url}/`);
    expect(response?.status()).toBe(200);
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: /Project Library/ })).toHaveAttribute("href", "/");
    await expect(header.getByPlaceholder("Search projects...")).toBeVisible();
    // Each industry with the number of projects it would leave.
    await expect(header.getByLabel("Filter by industry").locator("option")).toHaveText([
      "All Industries",
      "Parks (2)",
      "Schools (1)",
    ]);

    await expect(cards(page)).toHaveText([/Anchor Adventure/, /Bramble Maze/, /Cloud Tower/]);
    const anchor = cards(page).nth(0);
    await expect(anchor.getByRole("img", { name: "Harbour School logo" })).toBeVisible();
    await expect(anchor).toContainText("Schools");
    await expect(anchor).toContainText("Whitby, UK");
    await expect(anchor).toContainText("Mar 2025");
    await expect(anchor).toContainText("2 images");
    await expect(anchor).toContainText("1 video");
    await expect(anchor.getByRole("link", { name: /harbour-school\.example/ })).toHaveAttribute("target", "_blank");
    await expect(cards(page).nth(1)).toContainText("No Logo");
    await expect(cards(page).nth(1).getByRole("link", { name: "Bramble Maze" })).toHaveAttribute(
      "href",
      `/projects/${id("a", 2)}/preview`,
    );

    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText("Brightside Play Co.");
    await expect(footer).toContainText("4 Meadow Works, Harrogate");
    await expect(footer.getByRole("link", { name: "+44 1423 555 010" })).toHaveAttribute("href", "tel:+441423555010");
    for (const [name, href] of [
      ["Video", "https://video.example/brightside"],
      ["Facebook", "https://facebook.example/brightside"],
      ["Instagram", "https://instagram.example/brightside"],
      ["LinkedIn", "https://linkedin.example/brightside"],
    ] as const) {
      await expect(footer.getByRole("link", { name: new RegExp(`^${name}`) })).toHaveAttribute("href", href);
    }
    await expect(footer.getByRole("img", { name: "Brightside Play Co." })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await anchor.getByRole("link", { name: "Anchor Adventure" }).click();
    await expect(page).toHaveURL(`${server.url}/anchor-adventure`);
  });

  test("each filter alone and together, live and in the URL", async ({ page }) => {
    await page.goto(`${server.url}/`);
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = "same page"));
    await page.route("**/?*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await page.getByPlaceholder("Search projects...").fill("NAUTICAL");
    await expect(page.getByRole("status").filter({ hasText: "Loading projects..." })).toBeVisible();
    await expect(cards(page)).toHaveText([/Anchor Adventure/, /Cloud Tower/]);
    await expect(page).toHaveURL(/\?q=NAUTICAL$/);

    await page.getByLabel("Filter by industry").selectOption("Parks");
    await expect(cards(page)).toHaveText([/Cloud Tower/]);
    await expect(page).toHaveURL(/q=NAUTICAL&industry=Parks/);

    await page.getByPlaceholder("Search projects...").fill("");
    await page.getByLabel("Filter by industry").selectOption("");
    await page.locator("[data-options-popover] > summary").click();
    await expect(page.locator("[data-options-popover] fieldset")).toHaveCSS("max-height", "400px");
    await page.getByLabel("Tube Slide").check();
    await expect(cards(page)).toHaveText([/Anchor Adventure/, /Cloud Tower/]);
    await page.getByLabel("Rope Net").check();
    await expect(cards(page)).toHaveText([/Anchor Adventure/]);
    await expect(page.locator("[data-options-count]")).toHaveText("2");
    await expect(page).toHaveURL(new RegExp(`options=${NET}&options=${SLIDE}`)); // in the list's order

    // The URL is shareable: a fresh load shows the same thing.
    const url = page.url();
    await page.unroute("**/?*");
    await page.goto(url);
    await expect(cards(page)).toHaveText([/Anchor Adventure/]);
    await page.locator("[data-options-popover] > summary").click();
    await page.getByRole("link", { name: "Clear", exact: true }).click();
    await expect(cards(page)).toHaveCount(3);
    await expect(page.locator("[data-options-count]")).toBeHidden();

    await page.getByPlaceholder("Search projects...").fill("zzz-nothing");
    await expect(page.getByText("No projects found matching your filters.")).toBeVisible();
    // The empty result offers the way back: every filter cleared.
    await page.locator("#library-results").getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(`${server.url}/`);
    await expect(cards(page)).toHaveCount(3);
    await expect(page.getByPlaceholder("Search projects...")).toHaveValue("");
  });

  test("live updates do not reload the page", async ({ page }) => {
    await page.goto(`${server.url}/`);
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = "same page"));
    await page.getByPlaceholder("Search projects...").fill("bramble");
    await expect(cards(page)).toHaveText([/Bramble Maze/]);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("same page");
  });

  test("filtering works with JavaScript off", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await page.getByPlaceholder("Search projects...").fill("tower");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\?q=tower/);
    await expect(cards(page)).toHaveText([/Cloud Tower/]);
    await page.locator("[data-options-popover] > summary").click();
    await page.getByLabel("Rope Net").check();
    await page.getByRole("button", { name: "Apply", exact: true }).click();
    await expect(page.getByText("No projects found matching your filters.")).toBeVisible();
    await context.close();
  });

  test("facets: age group, inclusive play and surfacing, each choice counted, live and in the URL", async ({
    page,
  }) => {
    await page.goto(`${server.url}/`);
    const refine = page.getByRole("complementary", { name: "Refine" });
    const choice = (group: string, name: string) =>
      refine.getByRole("group", { name: group }).getByRole(group === "Surfacing" ? "radio" : "checkbox", { name });
    const count = (group: string, name: string) =>
      refine
        .getByRole("group", { name: group })
        .locator("label")
        .filter({ hasText: new RegExp(`^${name}`) })
        .locator("[id$=-count]");
    await expect(count("Age group", "2–5 years")).toHaveText("1 project");
    await expect(count("Age group", "5–12 years")).toHaveText("3 projects");
    await expect(count("Age group", "13\\+ and adults")).toHaveText("1 project");
    // A choice that would leave nothing cannot be picked.
    await expect(count("Age group", "6–23 months")).toHaveText("0 projects");
    await expect(choice("Age group", "6–23 months")).toBeDisabled();
    await expect(count("Surfacing", "Poured rubber")).toHaveText("2 projects");
    await expect(count("Surfacing", "Mulch")).toHaveText("1 project");
    await expect(count("Accessibility", "Inclusive play")).toHaveText("2 projects");
    await expect(refine.getByRole("button", { name: "Apply filters" })).toBeHidden(); // applied at once with JavaScript
    await expectNoSeriousA11yViolations(page, "library facets");

    await choice("Accessibility", "Inclusive play").check();
    await expect(cards(page)).toHaveText([/Anchor Adventure/, /Cloud Tower/]);
    await expect(page).toHaveURL(/\?inclusive=yes$/);
    // Every count now says what it would leave among these two.
    await expect(count("Age group", "5–12 years")).toHaveText("2 projects");
    await expect(count("Surfacing", "Mulch")).toHaveText("0 projects");
    await expect(choice("Surfacing", "Mulch")).toBeDisabled();
    await expect(page.getByLabel("Filter by industry").locator("option")).toHaveText([
      "All Industries",
      "Parks (1)",
      "Schools (1)",
    ]);
    await page.locator("[data-options-popover] > summary").click();
    await expect(page.locator("[data-options-popover] label").filter({ hasText: "Rope Net" })).toContainText(
      "1 project",
    );
    await page.keyboard.press("Escape");

    await choice("Age group", "13+ and adults").check();
    await expect(cards(page)).toHaveText([/Cloud Tower/]);
    await expect(page).toHaveURL(/age=13-plus&inclusive=yes/);
    await choice("Surfacing", "Poured rubber").check();
    await expect(page).toHaveURL(/age=13-plus&surfacing=poured-rubber&inclusive=yes$/); // in the page's order
    await expect(cards(page)).toHaveText([/Cloud Tower/]);

    // Shareable: a fresh load shows the same, with the choices ticked.
    await page.goto(page.url());
    await expect(cards(page)).toHaveText([/Cloud Tower/]);
    await expect(choice("Age group", "13+ and adults")).toBeChecked();
    await expect(choice("Surfacing", "Poured rubber")).toBeChecked();
    await refine.getByRole("link", { name: "Clear filters" }).click();
    await expect(cards(page)).toHaveCount(3);
    await expect(choice("Surfacing", "Any")).toBeChecked();
  });

  test("facets work with JavaScript off", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    const refine = page.getByRole("complementary", { name: "Refine" });
    await refine.getByRole("radio", { name: /^Mulch/ }).check();
    await refine.getByRole("checkbox", { name: /^5–12 years/ }).check();
    await refine.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/age=5-12-years/);
    await expect(page).toHaveURL(/surfacing=mulch/);
    await expect(cards(page)).toHaveText([/Bramble Maze/]);
    await expect(refine.getByRole("radio", { name: /^Mulch/ })).toBeChecked();
    await context.close();
  });

  test("beside the facets, a long client website is cut short inside its card", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}/`);
    const card = cards(page).filter({ hasText: "Bramble Maze" });
    const link = card.getByRole("link", { name: /moor-park-and-gardens-trust\.example/ });
    await expect(link).toBeVisible();
    const [cardBox, linkBox] = [(await card.boundingBox())!, (await link.boundingBox())!];
    expect(linkBox.x + linkBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
  });

  test("at 390 px: one column, no overflow, no footer logo; the filters fold into one 'Filters' control", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/`);
    await expect(cards(page)).toHaveCount(3);
    // The first screen shows projects: the facets wait behind "Filters".
    const inclusive = page.getByRole("checkbox", { name: "Inclusive play" });
    await expect(inclusive).toBeHidden();
    const first = await cards(page).first().boundingBox();
    expect(first!.y + 200).toBeLessThan(844);
    await page.getByText(/^Filters/).click();
    await expect(inclusive).toBeVisible();
    await inclusive.check();
    await expect(page).toHaveURL(/inclusive=yes/);
    await expect(cards(page)).toHaveCount(2);
    await page.goto(`${server.url}/`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expect(page.getByRole("contentinfo").getByRole("img", { name: "Brightside Play Co." })).toBeHidden();
    await expectNoSeriousA11yViolations(page, "library at 390 px");
  });
});

test.describe("library-style project page", () => {
  test("has the library's header and footer; its search goes to the library", async ({ page }) => {
    await page.goto(`${server.url}/anchor-adventure`);
    await expect(page.getByRole("heading", { level: 1, name: "Anchor Adventure" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText("Brightside Play Co.");
    await page.getByRole("banner").getByPlaceholder("Search projects...").fill("maze");
    await page.getByRole("banner").getByLabel("Filter by industry").selectOption("Parks");
    await page.getByRole("banner").getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(`${server.url}/?q=maze&industry=Parks`);
    await expect(cards(page)).toHaveText([/Bramble Maze/]);
  });

  test("framed, it shows without the library's header and footer", async ({ page }) => {
    const parent = await startParentPage(
      () =>
        `<!doctype html><title>Ours</title><iframe id="f" title="Project" src="${server.url}/anchor-adventure" style="width:1000px;height:800px"></iframe>`,
    );
    await page.goto(parent.url);
    const frame = page.frameLocator("#f");
    await expect(frame.getByRole("heading", { level: 1, name: "Anchor Adventure" })).toBeVisible();
    await expect(frame.getByRole("banner")).toBeHidden();
    await expect(frame.getByRole("contentinfo")).toBeHidden();
    await parent.close();
  });
});

test.describe("public project gallery", () => {
  test("cards, filters, the dialog and its texts", async ({ page }) => {
    await page.goto(`${server.url}/projects`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("Explore our custom playground projects")).toBeVisible();
    const list = page
      .locator("#gallery-results")
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { level: 2 }) });
    // Newest first; the draft is not there.
    await expect(list).toHaveText([/Cloud Tower/, /Bramble Maze/, /Anchor Adventure/]);
    await expect(list.nth(1)).toContainText("No image");
    await expect(list.nth(2).locator("img")).toHaveCount(1);
    await expect(list.nth(2)).toContainText("Nautical");
    await expect(page.getByLabel("Filter by industry").locator("option")).toHaveText([
      "All Industries",
      "Parks",
      "Schools",
    ]);
    await expectNoSeriousA11yViolations(page);

    await list.nth(2).getByRole("link", { name: "Anchor Adventure" }).click();
    const dialog = page.getByRole("dialog", { name: "Anchor Adventure" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Harbour School");
    await expect(dialog).toContainText("Schools");
    await expect(dialog).toContainText("A nautical climbing frame.");
    await expect(dialog.getByRole("img", { name: "Deck at dusk" })).toBeVisible();
    await expect(dialog.getByText("Rope bridge")).toBeVisible();
    // The public project gallery asks for a quote too, like every project page.
    await expect(dialog.getByRole("link", { name: "Request a playground like this" })).toHaveAttribute(
      "href",
      `/projects/${id("a", 1)}/inquiry`,
    );
    await expectNoSeriousA11yViolations(page, "project dialog");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(list.nth(2).getByRole("link", { name: "Anchor Adventure" })).toBeFocused();

    // The page carries the grid only: a dialog's pictures come when it opens.
    const html = await (await page.request.get(`${server.url}/projects`)).text();
    expect(html).toContain("Anchor Adventure");
    expect(html).not.toContain("Rope bridge");
    expect((await page.request.get(`${server.url}/projects/${id("a", 4)}/dialog`)).status()).toBe(404);

    await page.getByPlaceholder("Search projects...").fill("hedges");
    await expect(list).toHaveText([/Bramble Maze/]);
    await page.getByPlaceholder("Search projects...").fill("nothing-like-this");
    await expect(page.getByText("No projects found matching your criteria.")).toBeVisible();
  });
});

test("public project gallery framed in another site: it takes its content's height, and its dialog opens in view", async ({
  page,
}) => {
  const parent = await startParentPage(
    () => `<!doctype html><html lang="en"><title>Our site</title><body style="margin:0">
      <h1>Our work</h1>
      <iframe id="gallery" src="${server.url}/projects" width="100%" height="600" style="border:0" title="Projects"></iframe>
      <script src="${server.url}/embed.js" async></script></body></html>`,
  );
  try {
    await page.setViewportSize({ width: 390, height: 700 });
    await page.goto(parent.url);
    const frame = page.frameLocator("#gallery");
    await expect(frame.getByRole("heading", { level: 1, name: "Project Gallery" })).toBeVisible();
    // At 390 px the three cards stand in one column, far taller than 600 px: the frame follows.
    const content = () =>
      page
        .frame({ url: /\/projects$/ })!
        .evaluate(() => Math.ceil(document.querySelector("[data-embed-root]")!.getBoundingClientRect().height));
    await expect.poll(async () => (await page.locator("#gallery").boundingBox())!.height).toBeGreaterThan(600);
    const height = (await page.locator("#gallery").boundingBox())!.height;
    expect(Math.abs(height - (await content()))).toBeLessThanOrEqual(2);
    // The last card's dialog opens where the visitor looks, not in the middle of the tall frame.
    const last = frame.getByRole("link", { name: "Anchor Adventure" });
    await last.scrollIntoViewIfNeeded();
    await last.click();
    const dialog = frame.getByRole("dialog", { name: "Anchor Adventure" });
    await expect(dialog).toBeVisible();
    const box = (await dialog.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(700);
  } finally {
    await parent.close();
  }
});

test("public project gallery with JavaScript off: a card opens the project's page", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${server.url}/projects`);
  await page.getByRole("link", { name: "Anchor Adventure" }).click();
  await expect(page).toHaveURL(`${server.url}/anchor-adventure`);
  await expect(page.getByRole("heading", { level: 1, name: "Anchor Adventure" })).toBeVisible();
  await context.close();
});

test.describe("company details in Settings", () => {
  test("admins edit them and the public pages show them", async ({ page }) => {
    await server.signIn(page);
    await page.goto(`${server.url}/admin/settings`);
    await page.getByRole("link", { name: /Company/ }).click();
    await expect(page.getByLabel("Company name")).toHaveValue("Brightside Play Co.");
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel("Facebook").fill("not a url");
    await page.getByRole("button", { name: "Save company details" }).click();
    await expect(page.getByText("Invalid URL")).toBeVisible();
    await page.getByLabel("Facebook").fill("https://facebook.example/new");
    await page.getByLabel("Company name").fill("Brightside Playgrounds");
    await page.getByLabel("Phone").fill("+44 1423 999 999");
    await page.getByRole("button", { name: "Save company details" }).click();
    await expect(toast(page, "Company details saved")).toBeVisible();

    await page.goto(`${server.url}/`);
    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText("Brightside Playgrounds");
    await expect(footer.getByRole("link", { name: "+44 1423 999 999" })).toBeVisible();
    await expect(footer.getByRole("link", { name: /^Facebook/ })).toHaveAttribute(
      "href",
      "https://facebook.example/new",
    );
  });
});
