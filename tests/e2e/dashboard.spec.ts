// The dashboard's figures against a server of its own, seeded with known rows.
import { newAccount, signUpOverHttp } from "./support/accounts";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { type RunningServer, startServer } from "./support/server";

const SEED = `
  insert into clients (id, name) values
    ('11111111-1111-4111-8111-111111111111', 'Riverside School'),
    ('22222222-2222-4222-8222-222222222222', 'Harbour Park'),
    ('33333333-3333-4333-8333-333333333333', 'Maple Library');
  insert into projects (id, title, client_id, status) values
    ('a1111111-1111-4111-8111-111111111111', 'Tree house', '11111111-1111-4111-8111-111111111111', 'planning'),
    ('a2222222-2222-4222-8222-222222222222', 'Sand pit', '11111111-1111-4111-8111-111111111111', 'in_progress'),
    ('a3333333-3333-4333-8333-333333333333', 'Rope course', '22222222-2222-4222-8222-222222222222', 'completed'),
    ('a4444444-4444-4444-8444-444444444444', 'Splash pad', '22222222-2222-4222-8222-222222222222', 'draft'),
    ('a5555555-5555-4555-8555-555555555555', 'Reading nook', '33333333-3333-4333-8333-333333333333', 'on_hold');
  insert into contracts (project_id, status, date_sent, date_signed) values
    ('a1111111-1111-4111-8111-111111111111', 'draft', null, null),
    ('a2222222-2222-4222-8222-222222222222', 'sent', '2025-05-01', null),
    ('a3333333-3333-4333-8333-333333333333', 'signed', '2025-04-01', '2025-04-03');
  insert into project_images (project_id, storage_key, width, height, display_order, image_category) values
    ('a3333333-3333-4333-8333-333333333333', 'seed/1.jpg', 800, 600, 0, 'photos_completed'),
    ('a3333333-3333-4333-8333-333333333333', 'seed/2.jpg', 800, 600, 1, 'photos_completed'),
    ('a3333333-3333-4333-8333-333333333333', 'seed/3.jpg', 800, 600, 0, '3d_renders'),
    ('a1111111-1111-4111-8111-111111111111', 'seed/4.jpg', 800, 600, 0, 'photos_installation');
`;

let server: RunningServer;

test.beforeAll(async () => {
  server = await startServer({ seedSql: SEED });
});
test.afterAll(async () => {
  await server?.stop();
});

test("the dashboard counts clients, active projects, contracts (and those awaiting signature) and gallery images", async ({
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
  await expectNoSeriousA11yViolations(page);
});
