// The dashboard's figures against a server of its own, seeded with known rows.
import { newAccount, signUpOverHttp } from "./support/accounts";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { type RunningServer, startServer } from "./support/server";
import type { Seed } from "./support/server";

const seed: Seed = async ({ make }) => {
  const riverside = await make.client({ name: "Riverside School" });
  const harbour = await make.client({ name: "Harbour Park" });
  const maple = await make.client({ name: "Maple Library" });
  const tree = await make.project({ title: "Tree house", clientId: riverside.id, status: "planning" });
  const sand = await make.project({ title: "Sand pit", clientId: riverside.id, status: "in_progress" });
  const rope = await make.project({ title: "Rope course", clientId: harbour.id, status: "completed" });
  await make.project({ title: "Splash pad", clientId: harbour.id, status: "draft" });
  await make.project({ title: "Reading nook", clientId: maple.id, status: "on_hold" });
  await make.contract({ projectId: tree.id, status: "draft" });
  await make.contract({ projectId: sand.id, status: "sent", dateSent: "2025-05-01" });
  await make.contract({ projectId: rope.id, status: "signed", dateSent: "2025-04-01", dateSigned: "2025-04-03" });
  await make.image({ projectId: rope.id, imageCategory: "photos_completed", displayOrder: 0 });
  await make.image({ projectId: rope.id, imageCategory: "photos_completed", displayOrder: 1 });
  await make.image({ projectId: rope.id, imageCategory: "3d_renders", displayOrder: 0 });
  await make.image({ projectId: tree.id, imageCategory: "photos_installation", displayOrder: 0 });
  await make.inquiry({ status: "new", projectId: rope.id, sourceTitle: "Rope course" });
  await make.inquiry({ status: "new" });
  await make.inquiry({ status: "contacted" });
  await make.inquiry({ status: "won" });
  await make.inquiry({ status: "lost" });
};

let server: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(120_000); // a server's start is set-up, not the test
  server = await startServer({ seed });
});
test.afterAll(async () => {
  await server?.stop();
});

test("the dashboard counts clients, active projects, contracts (and those awaiting signature), gallery images and new inquiries", async ({
  page,
}) => {
  const admin = newAccount("Counter", "staff.test");
  const cookies = await signUpOverHttp(server, admin);
  const [name, value] = cookies[0]!.split(";")[0]!.split("=");
  await page.context().addCookies([{ name: name!, value: value!, url: server.url }]);
  await page.goto(`${server.url}/admin`);
  await expect(page.getByRole("heading", { name: /^Welcome back, Counter/ })).toBeVisible();
  await expect(page.getByTestId("count-Total Clients")).toHaveText("3");
  await expect(page.getByTestId("count-Active Projects")).toHaveText("2");
  await expect(page.getByText("5 projects in total")).toBeVisible();
  await expect(page.getByTestId("count-Contracts")).toHaveText("3");
  await expect(page.getByText("1 awaiting signature")).toBeVisible();
  await expect(page.getByTestId("count-Gallery Images")).toHaveText("4");
  await expect(page.getByTestId("count-New Inquiries")).toHaveText("2");
  await expect(page.getByRole("link", { name: "Follow them up" })).toHaveAttribute(
    "href",
    "/admin/inquiries?status=new",
  );
  await expectNoSeriousA11yViolations(page);
});
