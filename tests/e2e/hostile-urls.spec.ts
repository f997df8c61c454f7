// PostgreSQL text cannot hold a NUL character. An address carrying %00 (in a
// search, a filter or a path) reached SQL and came back a 500 on the public
// library: now it is a 400 that says why, for visitors and staff alike (the
// route-failure guard answers the database's "cannot hold this text").
import { expect, test } from "./support/fixtures";
import { STAFF_STATE } from "./support/paths";

const NUL_MESSAGE = "The request contains a NUL character, which cannot be saved or searched for.";

const PUBLIC = ["/projects?q=a%00b", "/projects?industry=%00"];
// A page whose address holds a NUL cannot exist: not found (or refused), never a failure.
const PATHS = ["/nul%00slug", "/webview/a%00", "/gallery/a%00", "/projects/a%00/preview", "/share/a%00"];
const STAFF = [
  "/admin/clients?q=%00",
  "/admin/contacts?q=x%00",
  "/admin/projects?q=%00",
  "/admin/contracts?q=%00",
  "/admin/inquiries?q=%00",
];

async function expectRefused(response: { status(): number; text(): Promise<string> }, path: string) {
  expect(response.status(), path).toBe(400);
  // Not the whole page in the report: only whether it says why.
  expect((await response.text()).includes(NUL_MESSAGE), path).toBe(true);
}

test.describe("a NUL character in the address", () => {
  test("public pages answer 400 with a message", async ({ request }) => {
    for (const path of PUBLIC) await expectRefused(await request.get(path), path);
  });

  test("paths answer 404 or 400, never 500", async ({ request }) => {
    for (const path of PATHS) expect([400, 404], path).toContain((await request.get(path)).status());
  });

  test.describe("signed in", () => {
    test.use({ storageState: STAFF_STATE });
    test("staff lists answer 400 with a message", async ({ request }) => {
      for (const path of STAFF) await expectRefused(await request.get(path), path);
    });
  });

  test("an encoded percent sign is only text: a search for '%00' finds nothing, as any other", async ({ request }) => {
    const response = await request.get("/projects?q=%2500");
    expect(response.status()).toBe(200);
  });
});
