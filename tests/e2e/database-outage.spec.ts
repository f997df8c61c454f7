// The built server on PostgreSQL when the database stops or freezes: pages
// answer 503 with Retry-After and a page that says so (with a reference), within
// the configured timeouts, the log says "database unavailable" once, and the app
// recovers by itself. Needs TEST_DATABASE_URL (CI starts a PostgreSQL).
import { launch } from "./support/launch";
import { type Proxy, startProxy } from "./support/tcp-proxy";
import { expect, test } from "./support/fixtures";
import { postgresUrl, withPostgresDatabase } from "./support/postgres";
import { requiredInCi } from "../helpers/required-tool";

test.skip(!requiredInCi(Boolean(postgresUrl), "TEST_DATABASE_URL"), "needs TEST_DATABASE_URL");

test.describe("database outage", () => {
  test.setTimeout(120_000);

  for (const outage of ["stopped", "frozen"] as const) {
    test(`a ${outage} database: 503 with Retry-After and a friendly page, logged once, then recovery`, async () => {
      await withPostgresDatabase(async (databaseUrl) => {
        let proxy: Proxy | undefined;
        proxy = await startProxy(databaseUrl);
        const server = await launch({
          env: { DATABASE_URL: proxy.url, DB_CONNECT_TIMEOUT_MS: "1000", DB_STATEMENT_TIMEOUT_MS: "2000" },
        });
        try {
          await server.healthy();
          expect((await fetch(`${server.url}/`)).status).toBe(200);

          await proxy.setMode(outage);
          // The library is in the render cache's memory: still answered. A search never asked
          // before is not, so it needs the database.
          expect((await fetch(`${server.url}/`)).status).toBe(200);
          for (let i = 0; i < 3; i++) {
            const page = await fetch(`${server.url}/?q=${outage}-${i}`, { headers: { Accept: "text/html" } });
            expect(page.status).toBe(503);
            expect(page.headers.get("retry-after")).toBe("10");
            const html = await page.text();
            expect(html).toContain("Temporarily unavailable");
            expect(html).toContain("Playfolio cannot reach its database right now. Please try again in a minute.");
            expect(html).toContain(`Reference: ${page.headers.get("x-request-id")}`);
            expect(html).not.toContain("Unexpected Server Error");
          }
          expect((await fetch(`${server.url}/healthz`)).status).toBe(503);
          expect(server.output().match(/"msg":"database unavailable"/g)).toHaveLength(1);

          await proxy.setMode("forward");
          await expect
            .poll(async () => (await fetch(`${server.url}/?q=back-${Date.now()}`)).status, { timeout: 30_000 })
            .toBe(200);
          await expect.poll(() => server.output(), { timeout: 10_000 }).toContain('"msg":"database available again"');
        } finally {
          await server.kill();
          await proxy.close();
          proxy = undefined;
        }
      });
    });
  }
});
