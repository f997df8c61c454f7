// Admission control on the built server: with the only public place taken, a
// page is answered "busy" at once, in front of Express, with the headers every
// response carries; health checks and files get through, and so do signed-in
// staff (a share of their own).
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "./support/fixtures";
import { holdAPlace } from "./support/raw-http";
import { ownerCookie } from "./support/isolated";
import { ownedTemplateDir, requestSeen, ROOT, type RunningServer, startServer } from "./support/server";

let server: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // The copied template holds its admin and that admin's session: no request before the test
  // (with one public place, a sign-up's requests could be refused by the very gate under test).
  server = await startServer({ template: ownedTemplateDir(), env: { MAX_IN_FLIGHT: "1" } });
});
test.afterAll(() => server?.stop());

test("with every public place taken: pages are busy at once; health, files and staff still answered", async () => {
  const { port } = new URL(server.url);
  const hold = holdAPlace(Number(port));
  try {
    await requestSeen(server.url);

    const busy = await fetch(`${server.url}/projects?q=busy`, { headers: { Accept: "text/html" } });
    expect(busy.status).toBe(503);
    expect(busy.headers.get("retry-after")).toBe("2");
    expect(busy.headers.get("cache-control")).toBe("no-store");
    expect(busy.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(busy.headers.get("x-content-type-options")).toBe("nosniff");
    const page = await busy.text();
    expect(page).toContain("<h1>Playfolio is busy</h1>");
    expect(page).toContain(`Reference: ${busy.headers.get("x-request-id")}`);
    // A path with an extension that is no file renders (the sitemap): it waits its turn too.
    expect((await fetch(`${server.url}/sitemap.xml`)).status).toBe(503);

    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.url}/favicon.svg`)).status).toBe(200);
    const asset = fs.readdirSync(path.join(ROOT, "build/client/assets"))[0]!;
    expect((await fetch(`${server.url}/assets/${asset}`)).status).toBe(200);
    const admin = await fetch(`${server.url}/admin`, { headers: { Cookie: ownerCookie() }, redirect: "manual" });
    expect(admin.status).toBe(200);
  } finally {
    hold.destroy();
  }
  // The place is given back when its request ends.
  await expect.poll(async () => (await fetch(`${server.url}/projects?q=after`)).status).toBe(200);
});
