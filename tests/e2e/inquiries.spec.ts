// Inquiries end to end: "Request a playground like this" on project and
// gallery pages (framed and not; on a project page in its facts box too), the
// spam rules a person meets (too fast, honeypot), the mails to staff and to the
// buyer in the outbox, the embedding site an inquiry from a frame is counted
// for on /admin/insights, and the pipeline on the Inquiries screen (list, search,
// stage, a note on the timeline, Won: create client) with the dashboard's
// count and follow-ups due.
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { embedSnippet } from "~/lib/embed-snippet";
import { MIN_FILL_MS } from "~/domain/inquiries/spam";
import { daysAgo } from "../factories";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { useIsolatedServer } from "./support/isolated";
import { startParentPage } from "../../scripts/lib/parent-page";

const CLIENT = "c1811111-1111-4111-8111-111111111111";
const PROJECT = "a1811111-1111-4111-8111-111111111111";
const GALLERY = "e1811111-1111-4111-8111-111111111111";
const FOLLOWED = "f1811111-1111-4111-8111-111111111111";
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

const server = useIsolatedServer({
  // A second visitor's address comes as a proxy forwards it: an embedding site is listed once seen from two.
  env: { TRUST_PROXY: "loopback" },
  async seed({ make }) {
    await make.company({ name: "Harbour Play Co.", phone: "555 0118" });
    await make.client({ id: CLIENT, name: "Lighthouse Trust" });
    await make.project({
      id: PROJECT,
      title: "Lighthouse Lookout",
      projectName: "lighthouse-lookout",
      clientId: CLIENT,
      status: "completed",
      showInGallery: true,
    });
    await make.gallery({ id: GALLERY, name: "Coastal Parks", slug: "coastal-parks", isPublished: true });
    await make.galleryProject({ galleryId: GALLERY, projectId: PROJECT, displayOrder: 0 });
    await make.inquiry({
      id: FOLLOWED,
      name: "Avery Older",
      organisation: "Dune Academy",
      email: "avery@dune.test",
      message: "A climbing wall for our gym.",
      status: "contacted",
      sourceTitle: "Lighthouse Lookout",
      projectId: PROJECT,
      createdAt: daysAgo(5),
      nextActionOn: daysAgo(1).toISOString().slice(0, 10),
    });
    await make.inquiry({
      name: "Hannah Long",
      organisation: "Greenfield Leisure Centre",
      email: "hannah.longaddress@greenfieldleisurecentre.example",
      sourceTitle: "Lighthouse Lookout",
      projectId: PROJECT,
      createdAt: daysAgo(6),
    });
  },
});

function outbox(): { from: string; to: string; subject: string; text: string }[] {
  const dir = path.join(server.dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")));
}

async function fillInquiry(scope: Page | ReturnType<Page["frameLocator"]>, name: string) {
  await scope.getByLabel("Name").fill(name);
  await scope.getByLabel("Email").fill(`${name.split(" ")[0]!.toLowerCase()}@school.test`);
  await scope.getByLabel("Organisation").fill("Seaside Primary");
  await scope.getByLabel("Message").fill("We would love a lookout tower for 300 pupils.");
}

test.describe("the inquiry form", () => {
  test("from a project page: too fast is refused politely, then the request is sent and staff are mailed", async ({
    page,
  }) => {
    await page.goto(`${server.url}/lighthouse-lookout`);
    // Near the top, in the facts box, as well as at the end of the page.
    const facts = page.getByRole("complementary", { name: "Project Facts" });
    await expect(facts.getByRole("link", { name: "Request a playground like this" })).toHaveAttribute(
      "href",
      `/projects/${PROJECT}/inquiry`,
    );
    await expect(page.getByRole("link", { name: "Request a playground like this" })).toHaveCount(2);
    await facts.getByRole("link", { name: "Request a playground like this" }).click();
    await expect(page).toHaveURL(`${server.url}/projects/${PROJECT}/inquiry`);
    await expect(page.getByRole("heading", { name: "Request a playground like this" })).toBeVisible();
    // Not framed: the library's header and footer carry the company, and the way back is the page it came from.
    await expect(page.getByRole("banner")).toContainText("Project Library");
    await expect(page.getByRole("contentinfo")).toContainText("Harbour Play Co.");
    await expect(page.getByRole("link", { name: "Lighthouse Lookout" })).toHaveAttribute("href", "/lighthouse-lookout");
    await expectNoSeriousA11yViolations(page, "inquiry form");

    // Each field's message is the schema's (inquiries.test.ts).
    // Without the form's signed stamp (as a bot posting directly would): refused, with what was typed kept.
    await fillInquiry(page, "Jordan Quick");
    await page.locator('input[name="started"]').evaluate((input) => input.remove());
    await page.getByRole("button", { name: "Send request" }).click();
    await expect(page.getByText("That was quick! Please check your details and send the form again.")).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue("Jordan Quick");

    // A person takes a moment (the rule is measured on the server from the form's signed stamp).
    await page.waitForTimeout(MIN_FILL_MS + 200);
    await page.getByRole("button", { name: "Send request" }).click();
    await expect(page.getByRole("status")).toHaveText("Thank you! We received your request and will be in touch soon.");
    await expectNoSeriousA11yViolations(page, "inquiry thanks");
    const mail = outbox().find((m) => m.subject === "New inquiry from Jordan Quick (Seaside Primary)");
    expect(mail?.text).toContain("Project: Lighthouse Lookout");
    // Signed with the company's name (Settings → Company), as every mail of the running server.
    expect(mail?.from).toBe('"Harbour Play Co." <no-reply@playfolio.local>');
    expect(mail?.text).toMatch(/\/admin\/inquiries\/[0-9a-f-]{36}/);
    // The buyer's confirmation: the company's name, what happens next, the project's page on the server's own origin.
    const confirmation = outbox().find((m) => m.to === "jordan@school.test");
    expect(confirmation).toMatchObject({
      from: '"Harbour Play Co." <no-reply@playfolio.local>',
      subject: "We received your request — Harbour Play Co.",
    });
    expect(confirmation?.text).toContain("What happens next:");
    expect(confirmation?.text).toContain(`See the project again: ${server.url}/lighthouse-lookout`);
  });

  test("every public project and gallery page links to its form", async ({ page }) => {
    for (const [path, form] of [
      ["/lighthouse-lookout", `/projects/${PROJECT}/inquiry`],
      [`/projects/${PROJECT}/preview`, `/projects/${PROJECT}/inquiry`],
      ["/webview/lighthouse-lookout", `/projects/${PROJECT}/inquiry`],
      ["/gallery/coastal-parks", "/gallery/coastal-parks/inquiry"],
      ["/webview/coastal-parks", "/gallery/coastal-parks/inquiry"],
    ]) {
      await page.goto(`${server.url}${path}`);
      // (A project page has two: in its facts box and at the end.)
      await expect(page.getByRole("link", { name: "Request a playground like this" }).last(), path).toHaveAttribute(
        "href",
        form!,
      );
    }
  });

  test("the page is never stored by a cache and may be framed", async ({ request }) => {
    const response = await request.get(`${server.url}/gallery/coastal-parks/inquiry`);
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("private, no-store");
    expect(response.headers()["content-security-policy"]).toContain("frame-ancestors *");
    const missing = await request.get(`${server.url}/gallery/no-such-gallery/inquiry`);
    expect(missing.status()).toBe(404);
  });

  test("inside another site's frame it posts and thanks within the frame; the parent stays put; insights counts the site", async ({
    page,
    request,
  }) => {
    const site = await startParentPage(
      () => `<!doctype html><html lang="en"><title>Our parks</title><body><main><h1>Our parks</h1>
        ${embedSnippet({ origin: server.url, path: "/gallery/coastal-parks", title: "Coastal Parks", loadingText: "Loading gallery..." })}</main></body></html>`,
    );
    try {
      await page.goto(site.url);
      const frame = page.frameLocator("iframe");
      const parent = new URL(site.url).origin;
      // The frame's script tells the form which site framed it (the cached page cannot).
      await expect(frame.getByRole("link", { name: "Request a playground like this" })).toHaveAttribute(
        "href",
        `${server.url}/gallery/coastal-parks/inquiry?site=${encodeURIComponent(parent)}`,
      );
      await frame.getByRole("link", { name: "Request a playground like this" }).click();
      await expect(frame.getByRole("heading", { name: "Request a playground like this" })).toBeVisible();
      // Framed, the library's header and footer stay hidden, as on the page it came from.
      await expect(frame.getByRole("banner")).toBeHidden();
      await fillInquiry(frame, "Riley Framed");
      await page.waitForTimeout(MIN_FILL_MS + 200);
      await frame.getByRole("button", { name: "Send request" }).click();
      await expect(frame.getByRole("status")).toContainText("Thank you!");
      expect(page.url()).toBe(site.url);
      const mail = outbox().find((m) => m.subject.startsWith("New inquiry from Riley Framed"));
      expect(mail?.text).toContain("Gallery: Coastal Parks");

      // Someone at another address sees the site's frame too: a site is listed once seen from two.
      await request.get(`${server.url}/gallery/coastal-parks`, {
        headers: {
          Referer: `${parent}/`,
          "Sec-Fetch-Dest": "iframe",
          "User-Agent": CHROME,
          "X-Forwarded-For": "198.51.100.2",
        },
      });

      // The sales team sees that site bring the inquiry (once the views are written: every 5 s).
      await server.signIn(page);
      const sites = page
        .getByRole("table")
        .filter({ has: page.getByRole("columnheader", { name: "Site", exact: true }) });
      const row = sites.getByRole("row", { name: new RegExp(parent.replace(/[.:/]/g, "\\$&")) });
      await expect
        .poll(
          async () => {
            await page.goto(`${server.url}/admin/insights?days=7`);
            return row.count();
          },
          { timeout: 20_000 },
        )
        .toBe(1);
      // Its cells: views (a bar and a number), inquiries, conversion.
      await expect(row.getByRole("cell").nth(0)).toHaveText("2");
      await expect(row.getByRole("cell").nth(1)).toHaveText("1");
    } finally {
      await site.close();
    }
  });
});

test.describe("the Inquiries screen", () => {
  test.beforeEach(async ({ page }) => server.signIn(page));

  test("the pipeline: a follow-up due on the dashboard, a stage change and a note on the timeline, won becomes a client", async ({
    page,
  }) => {
    // A long walk through four screens: more than the default 30 s on a busy two-core machine.
    test.setTimeout(120_000);
    await page.goto(`${server.url}/admin`);
    await expect(page.getByTestId("count-New Inquiries")).toBeVisible();
    // The cards' figures are getDashboardCounts' (dashboard.server.test.ts); here, how they read.
    await expect(page.getByTestId("count-Total Clients")).toHaveText("1");
    await expect(page.getByText("1 project in total")).toBeVisible();
    await expect(page.getByText("0 awaiting signature")).toBeVisible();
    await expect(page.getByRole("link", { name: "Follow them up" })).toHaveAttribute(
      "href",
      "/admin/inquiries?status=new",
    );
    const followUps = page.getByRole("region", { name: "Follow-ups due" });
    await expect(followUps.getByRole("link", { name: "Avery Older" })).toBeVisible();
    await expect(followUps).toContainText("Contacted");
    await expectNoSeriousA11yViolations(page, "dashboard with follow-ups due");

    await page.getByRole("link", { name: "Inquiries" }).first().click();
    await expect(page.getByRole("heading", { name: "Inquiries", level: 1 })).toBeVisible();
    const row = page.getByRole("row", { name: /Avery Older/ });
    await expect(row).toContainText("Contacted");
    await expect(row).toContainText("Lighthouse Lookout");
    await expectNoSeriousA11yViolations(page, "inquiries list");

    await page.getByRole("searchbox", { name: "Search inquiries" }).fill("dune");
    await expect(page).toHaveURL(/q=dune/);
    await expect(page.getByRole("row")).toHaveCount(2);
    await page.getByRole("combobox", { name: "Filter by status" }).selectOption("won");
    await expect(page.getByText("No inquiries found.")).toBeVisible();
    await page.getByRole("combobox", { name: "Filter by status" }).selectOption("");

    await page.getByRole("link", { name: "Avery Older" }).click();
    await expect(page.getByRole("heading", { name: "Avery Older" })).toBeVisible();
    await expect(page.getByText("A climbing wall for our gym.")).toBeVisible();
    const timeline = page.getByRole("list", { name: "Notes and stage changes" });
    await expectNoSeriousA11yViolations(page, "inquiry detail");

    // Lost without a reason is refused on its field by pipeline.test.ts.
    await page.getByLabel("Stage", { exact: true }).selectOption("quoted");
    // The only staff member here is the one signed in ("Owner …"): the owner, and the timeline's author.
    await page.getByLabel("Owner", { exact: true }).selectOption({ index: 1 });
    const me = (await page.getByLabel("Owner", { exact: true }).locator("option:checked").textContent())!;
    await page.getByRole("button", { name: "Save follow-up" }).click();
    await expect(page.getByText("Follow-up saved")).toBeVisible();
    await expect(timeline.getByRole("listitem").first()).toContainText("Contacted → Quoted");
    await expect(timeline.getByRole("listitem").first()).toContainText(me);

    await page.getByLabel("Add a note").fill("Quote sent for the climbing wall");
    await page.getByRole("button", { name: "Add note" }).click();
    await expect(timeline.getByRole("listitem").first()).toContainText("Quote sent for the climbing wall");
    await expect(page.getByLabel("Add a note")).toHaveValue("");
    await expect(timeline.getByRole("listitem")).toHaveCount(2);

    // Won: the client and its contact in one step, nothing typed again.
    await page.getByRole("button", { name: "Won: create client" }).click();
    await expect(page).toHaveURL(/\/admin\/clients\/[0-9a-f-]{36}\/edit$/);
    await expect(page.getByText("Client created from the inquiry")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Client Name" })).toHaveValue("Dune Academy");
    await expect(page.getByRole("button", { name: "Remove Avery Older" })).toBeVisible();
    await page.goBack();
    await page.reload();
    await expect(page.getByRole("link", { name: "Open client" })).toBeVisible();
    await expect(timeline.getByRole("listitem").first()).toContainText("Quoted → Won");
    await expectNoSeriousA11yViolations(page, "a won inquiry");
  });

  test("at 390 px the list reads without scrolling sideways", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(`${server.url}/admin/inquiries`);
    await expect(page.getByRole("link", { name: "Avery Older" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // A long address neither pushes the status out of sight nor hides where the inquiry came from.
    const row = page.getByRole("row", { name: /Hannah Long/ });
    const status = await row.getByText("New", { exact: true }).boundingBox();
    expect(status!.x + status!.width).toBeLessThanOrEqual(390);
    await expect(row.getByText("Lighthouse Lookout").filter({ visible: true })).toHaveCount(1);
  });
});
