// The whole app on PostgreSQL, once: the built server on DATABASE_URL migrates
// an empty database, a person signs up (the first account, the admin), adds a
// client through the form and finds it in the list, and the public library
// renders. The rules themselves are proved on PGlite; the files whose behaviour
// differs between the engines run on PostgreSQL too (vitest.config.ts).
import { newAccount, pageSignedInWith, signUpOverHttp } from "./support/accounts";
import { expect, test, toast } from "./support/fixtures";
import { postgresUrl, withPostgresDatabase } from "./support/postgres";
import { requiredInCi } from "../helpers/required-tool";
import { startServer } from "./support/server";

test.skip(!requiredInCi(Boolean(postgresUrl), "TEST_DATABASE_URL"), "needs TEST_DATABASE_URL");

test("on PostgreSQL: sign up, add a client, see it listed; the library renders", async ({ browser }) => {
  await withPostgresDatabase(async (databaseUrl) => {
    const server = await startServer({ fromTemplate: false, env: { DATABASE_URL: databaseUrl } });
    try {
      const cookies = await signUpOverHttp(server, newAccount("Owner", "staff.test"));
      const { context, page } = await pageSignedInWith(browser, server.url, cookies);
      await page.goto(`${server.url}/admin/clients/new`);
      await page.getByLabel("Client Name").fill("Harbour Museum on PostgreSQL");
      await page.getByLabel("Location").fill("Portsmouth");
      await page.getByRole("button", { name: "Create Client" }).click();
      await expect(page).toHaveURL(/\/admin\/clients$/);
      await expect(toast(page, "Client created successfully")).toBeVisible();
      await expect(page.getByRole("row", { name: /Harbour Museum on PostgreSQL/ })).toContainText("Portsmouth");

      const library = await page.goto(`${server.url}/`);
      expect(library?.status()).toBe(200);
      await expect(page.getByRole("heading", { name: "Project Library", level: 1 })).toBeVisible();
      await context.close();
    } finally {
      await server.stop();
    }
  });
});
