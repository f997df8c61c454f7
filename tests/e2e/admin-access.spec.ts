// Every admin URL, enumerated from app/routes.ts, refuses an anonymous or a
// pending visitor on the server — for page loads, data requests and form posts.
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import { newAccount, sharedServer, signUpOverHttp } from "./support/accounts";
import { expect, test } from "./support/fixtures";

const SAMPLE_ID = "00000000-0000-4000-8000-000000000000";

function adminPaths(entries: RouteConfigEntry[], prefix = ""): string[] {
  return entries
    .flatMap((entry) => {
      const path = entry.path === undefined ? prefix : `${prefix}/${entry.path}`;
      const concrete = path.replace(/:[^/]+/g, SAMPLE_ID).replace(/\*$/, "anything-else");
      const own = entry.path !== undefined || entry.index ? [concrete || "/"] : [];
      return [...own, ...adminPaths(entry.children ?? [], path)];
    })
    .filter((path) => path.startsWith("/admin"));
}

const PATHS = [...new Set(adminPaths(routes as RouteConfigEntry[]))];

test.describe("admin access on the server", () => {
  test("the route list is not empty", () => {
    expect(PATHS).toContain("/admin");
    expect(PATHS).toContain("/admin/settings/team");
  });

  for (const path of PATHS) {
    test(`anonymous: ${path}`, async ({ request }) => {
      const page = await request.get(path, { maxRedirects: 0 });
      expect(page.status(), `GET ${path}`).toBe(302);
      expect(page.headers()["location"], `GET ${path}`).toBe(`/auth?redirectTo=${encodeURIComponent(path)}`);
      // A client-side navigation's data request gets the redirect in its body, and no data.
      const data = await request.get(`${path}.data`, { maxRedirects: 0 });
      expect(data.status(), `GET ${path}.data`).toBe(202);
      const body = await data.text();
      expect(body, `GET ${path}.data`).toContain(`/auth?redirectTo=${encodeURIComponent(path)}`);
      expect(body, `GET ${path}.data`).not.toMatch(/counts|accounts|email/);
      const post = await request.post(path, { form: { intent: "anything" }, maxRedirects: 0 });
      expect(post.status(), `POST ${path}`).toBe(302);
      expect(post.headers()["location"]).toContain("/auth?redirectTo=");
    });
  }

  test("pending: every admin URL sends the visitor to the waiting page", async ({ playwright, baseURL }) => {
    const account = newAccount("Waiting");
    const cookies = await signUpOverHttp(sharedServer(), account);
    const context = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { Cookie: cookies.map((c) => c.split(";")[0]).join("; ") },
    });
    for (const path of PATHS) {
      const get = await context.get(path, { maxRedirects: 0 });
      expect(get.status(), `GET ${path}`).toBe(302);
      expect(get.headers()["location"], `GET ${path}`).toBe("/pending");
      const post = await context.post(path, {
        form: { intent: "set-role", userId: SAMPLE_ID, role: "admin" },
        maxRedirects: 0,
      });
      expect(post.status(), `POST ${path}`).toBe(302);
      expect(post.headers()["location"], `POST ${path}`).toBe("/pending");
    }
    await context.dispose();
  });
});
