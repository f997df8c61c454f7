// The render cache on the built server: public pages come from memory, a save
// shows on the next anonymous view (one instance, and two instances sharing one
// PostgreSQL database), and a page rendered for staff never reaches anyone else.
import crypto from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { schema, type Db } from "~/.server/db";
import { factories, type Factories } from "../factories";
import { requiredInCi } from "../helpers/required-tool";
import { newAccount, signUpOverHttp } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { useIsolatedServer } from "./support/isolated";
import { startServer, type RunningServer } from "./support/server";

const CLIENT = "c1000000-0000-4000-8000-000000000001";
const PROJECT = "a1000000-0000-4000-8000-000000000001";
const SEED = async (make: Factories) => {
  await make.client({ id: CLIENT, name: "Harbour School", location: "Whitby" });
  await make.project({
    id: PROJECT,
    title: "Castle Keep",
    projectName: "castle-keep",
    clientId: CLIENT,
    status: "completed",
    showInGallery: true,
    description: "Turrets and a drawbridge.",
  });
  const gallery = await make.gallery({ name: "Signature", slug: "signature", isPublished: true });
  await make.galleryProject({ galleryId: gallery.id, projectId: PROJECT, displayOrder: 0 });
  await make.company({ name: "Harbour Play Co." });
};

/** A visitor's view: the `request` fixture shares no cookies with the signed-in page. */
async function anonymous(request: APIRequestContext, url: string) {
  const response = await request.get(url);
  return { status: response.status(), cache: response.headers()["x-render-cache"], html: await response.text() };
}

async function renameProject(page: Page, base: string, title: string) {
  await page.goto(`${base}/admin/projects/${PROJECT}/edit`);
  await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  await page.getByRole("button", { name: "Update Project" }).click();
  await expect(page).toHaveURL(/\/admin\/projects$/);
}

test.describe("one instance", () => {
  const server = useIsolatedServer({ seed: ({ make }) => SEED(make) });

  test("a hit carries the page's own headers and a request id of its own", async ({ request }) => {
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await request.get(`${server.url}/gallery/signature`)).headers());
    const [miss, ...hits] = answers;
    for (const hit of hits) {
      expect(hit["x-render-cache"]).toBe("hit");
      for (const name of ["content-security-policy", "x-content-type-options", "referrer-policy", "cache-control"]) {
        expect(hit[name], name).toBe(miss![name]);
      }
    }
    const ids = answers.map((headers) => headers["x-request-id"]);
    expect(ids.every((id) => /^[\w.:-]{8,}$/.test(id ?? ""))).toBe(true);
    expect(new Set(ids).size).toBe(3);
  });

  test("public pages come from memory until a save changes them; the next view shows the save", async ({
    page,
    request,
  }) => {
    const pages = ["/castle-keep", "/gallery/signature", "/", "/projects", "/sitemap.xml"];
    for (const path of pages) {
      expect((await anonymous(request, `${server.url}${path}`)).status, path).toBe(200);
      expect((await anonymous(request, `${server.url}${path}`)).cache, path).toBe("hit");
    }

    await server.signIn(page);
    await renameProject(page, server.url, "Castle Keep Deluxe");
    for (const path of ["/castle-keep", "/gallery/signature", "/", "/projects"]) {
      const view = await anonymous(request, `${server.url}${path}`);
      expect(view.cache, path).toBe("miss");
      expect(view.html, path).toContain("Castle Keep Deluxe");
    }

    await page.goto(`${server.url}/admin/settings/company`);
    await page.getByLabel("Company name").fill("Harbour Playgrounds");
    await page.getByRole("button", { name: "Save company details" }).click();
    await expect(page.getByRole("listitem").filter({ hasText: "Company details saved" })).toBeVisible();
    expect((await anonymous(request, `${server.url}/`)).html).toContain("Harbour Playgrounds");

    // Unpublishing takes the gallery off at once.
    await page.goto(`${server.url}/admin/gallery`);
    await page.getByRole("switch", { name: "Publish Signature" }).click();
    await expect(page.getByRole("listitem").filter({ hasText: "Gallery updated successfully" })).toBeVisible();
    expect((await anonymous(request, `${server.url}/gallery/signature`)).status).toBe(404);
  });

  test("a page rendered for signed-in staff is never stored nor served to a visitor", async ({ page, request }) => {
    await server.signIn(page);
    const staff = await page.goto(`${server.url}/webview/castle-keep`);
    expect(staff?.headers()["x-render-cache"]).toBeUndefined();
    await page.reload();
    // The visitor's first request renders (nothing was stored from staff's views); the next is a hit.
    expect((await anonymous(request, `${server.url}/webview/castle-keep`)).cache).toBe("miss");
    expect((await anonymous(request, `${server.url}/webview/castle-keep`)).cache).toBe("hit");
    // And staff are still answered by the app, not from what the visitor's view stored.
    const again = await page.goto(`${server.url}/webview/castle-keep`);
    expect(again?.headers()["x-render-cache"]).toBeUndefined();
  });
});

test.describe("two instances on one PostgreSQL database", () => {
  test.skip(
    !requiredInCi(Boolean(process.env.TEST_DATABASE_URL), "TEST_DATABASE_URL"),
    "needs TEST_DATABASE_URL (CI starts a PostgreSQL)",
  );

  let admin: pg.Client;
  let name: string;
  let a: RunningServer;
  let b: RunningServer;

  test.beforeAll(async () => {
    const base = new URL(process.env.TEST_DATABASE_URL!);
    name = `playfolio_e2e_${crypto.randomBytes(5).toString("hex")}`;
    admin = new pg.Client({ connectionString: base.toString() });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const env = { DATABASE_URL: url.toString(), AUTH_SECRET: crypto.randomBytes(24).toString("hex") };
    a = await startServer({ fromTemplate: false, env });
    b = await startServer({ fromTemplate: false, env });
    const seed = new pg.Client({ connectionString: url.toString() });
    await seed.connect();
    await SEED(factories(drizzle({ client: seed, schema }) as unknown as Db));
    await seed.end();
  });

  test.afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await admin?.query(`drop database if exists "${name}" with (force)`);
    await admin?.end();
  });

  test("a save on one instance shows on the other's next views", async ({ page, request }) => {
    expect((await anonymous(request, `${b.url}/castle-keep`)).html).toContain("Castle Keep");
    expect((await anonymous(request, `${b.url}/castle-keep`)).cache).toBe("hit");
    expect((await anonymous(request, `${b.url}/gallery/signature`)).cache).toBe("miss");
    expect((await anonymous(request, `${b.url}/gallery/signature`)).cache).toBe("hit");

    const cookies = await signUpOverHttp(a, newAccount("Owner", "staff.test"));
    const [cookieName, cookieValue] = cookies[0]!.split(";")[0]!.split("=");
    await page.context().addCookies([{ name: cookieName!, value: cookieValue!, url: a.url }]);
    await renameProject(page, a.url, "Castle Keep Grand");

    // B hears of A's commit (LISTEN/NOTIFY; a read every second at worst) and renders again.
    await expect
      .poll(async () => (await anonymous(request, `${b.url}/castle-keep`)).html)
      .toContain("Castle Keep Grand");
    expect((await anonymous(request, `${b.url}/gallery/signature`)).html).toContain("Castle Keep Grand");
    expect((await anonymous(request, `${b.url}/castle-keep`)).cache).toBe("hit");
  });

  test("while the database is out of reach, a page's last good render is served", async ({ request }) => {
    expect((await anonymous(request, `${b.url}/castle-keep`)).status).toBe(200);
    await admin.query(`alter database "${name}" allow_connections false`);
    await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [name]);
    try {
      // Losing its LISTEN connection, the instance no longer trusts what it holds and renders
      // again; that render fails, so the last good one is served, marked stale.
      await expect.poll(async () => (await anonymous(request, `${b.url}/castle-keep`)).cache).toBe("stale");
      const stale = await anonymous(request, `${b.url}/castle-keep`);
      expect(stale.status).toBe(200);
      expect(stale.html).toContain("Castle Keep");
      // A page never rendered has nothing to fall back on.
      expect((await anonymous(request, `${b.url}/no-such-project-page`)).status).toBeGreaterThanOrEqual(500);
    } finally {
      await admin.query(`alter database "${name}" allow_connections true`);
    }
    await expect.poll(async () => (await anonymous(request, `${b.url}/castle-keep`)).cache).not.toBe("stale");
  });
});
