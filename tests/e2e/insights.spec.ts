// Page views through the built server and /admin/insights in the browser: a
// visitor's views of a cached page count (hits included, and the embedded
// frame with its embedding site), a bot, a prefetch and a HEAD do not, no
// cookie is set; the insights page shows its charts with their tables, axe
// clean, and exports a table as CSV; the proposals' figures are under them.
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { ownerCookie, useIsolatedServer } from "./support/isolated";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

const server = useIsolatedServer({
  // A second visitor's address comes as a proxy forwards it: an embedding site is listed once seen from two.
  env: { TRUST_PROXY: "loopback" },
  async seed({ make }) {
    const client = await make.client({ name: "Valley Council" });
    const tower = await make.project({
      clientId: client.id,
      title: "Timber Tower",
      projectName: "timber-tower",
      status: "completed",
      showInGallery: true,
    });
    await make.inquiry({ projectId: tower.id, sourceTitle: "Timber Tower" });
  },
});

test("a visitor's views count, cached ones included; bots, prefetches and HEAD do not; insights shows them", async ({
  page,
  playwright,
}) => {
  test.setTimeout(90_000);
  const visitor = await playwright.request.newContext({
    baseURL: server.url,
    extraHTTPHeaders: { "User-Agent": CHROME },
  });
  const answers = [];
  for (let i = 0; i < 3; i++) answers.push(await visitor.get("/timber-tower"));
  expect(answers.map((answer) => answer.headers()["x-render-cache"])).toEqual(["miss", "hit", "hit"]);
  for (const answer of answers) expect(answer.headers()["set-cookie"]).toBeUndefined();
  await visitor.get("/timber-tower", { headers: { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1)" } });
  await visitor.get("/timber-tower", { headers: { "Sec-Purpose": "prefetch" } });
  await visitor.head("/timber-tower");
  // Framed by a dealer's page: the browser sends that page's origin as Referer.
  const framed = await visitor.get("/webview/timber-tower", {
    headers: { Referer: "https://dealer.example/", "Sec-Fetch-Dest": "iframe" },
  });
  expect(framed.headers()["set-cookie"]).toBeUndefined();
  // Someone else on the dealer's page, at another address.
  await visitor.get("/webview/timber-tower", {
    headers: { Referer: "https://dealer.example/", "Sec-Fetch-Dest": "iframe", "X-Forwarded-For": "198.51.100.2" },
  });
  await visitor.dispose();

  // The counts are written every few seconds: the CSV export shows them once they are.
  const staff = await playwright.request.newContext({
    baseURL: server.url,
    extraHTTPHeaders: { Cookie: ownerCookie() },
  });
  await expect
    .poll(async () => (await staff.get("/admin/insights/export?days=7&table=projects")).text(), { timeout: 30_000 })
    .toContain("Timber Tower,5,2,1,20");
  const sites = await (await staff.get("/admin/insights/export?days=7&table=sites")).text();
  expect(sites).toContain("https://dealer.example,2");
  await staff.dispose();

  await server.signIn(page);
  await page.goto(`${server.url}/admin/insights?days=7`);
  await expect(page.getByRole("heading", { name: "Insights", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "7 days" })).toHaveAttribute("aria-current", "page");
  await expect(
    page.getByRole("img", { name: /Views and unique visitors per day, last 7 days: 5 views/ }),
  ).toBeVisible();
  const projects = page.getByRole("table").filter({ has: page.getByRole("columnheader", { name: "Project" }) });
  await expect(projects.getByRole("row", { name: /Timber Tower/ })).toContainText("20.0%");
  await expect(page.getByRole("row", { name: /https:\/\/dealer\.example/ })).toContainText("2");
  await expect(page.getByText(/^One address adds at most 20 views of a page/)).toBeVisible();
  // The proposals' figures, empty here (their rules are tested in app/domain/proposals/insights.test.ts).
  const proposals = page.getByRole("region", { name: "Proposals" });
  await expect(proposals.getByRole("heading", { name: "Win rate", level: 3 })).toBeVisible();
  await expect(proposals.getByText("No proposal was accepted in this period.")).toBeVisible();
  // The daily chart's table, behind its summary.
  await page.getByText("Every day as a table").click();
  await expect(page.getByRole("table", { name: "Views, unique visitors and inquiries per day" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export top projects as CSV" }).click();
  expect((await download).suggestedFilename()).toMatch(/^insights-projects-7-days-\d{4}-\d{2}-\d{2}\.csv$/);
});
