// A server of a spec file's own (fresh data dir from the migrated template,
// optionally seeded through the typed factories), for tests that need an empty
// or known database.
import type { Page } from "@playwright/test";
import { newAccount, signUpOverHttp } from "./accounts";
import { test } from "./fixtures";
import { type RunningServer, type Seed, startServer } from "./server";

export function useIsolatedServer(options: { seed?: Seed } = {}) {
  let server: RunningServer | undefined;
  let cookies: string[] = [];

  // The tests that share this server run in one worker, one after the other (each still on
  // its own: a failure does not skip the rest). Spread over both workers, each started a
  // server of its own: twice the start-ups for the same tests.
  test.describe.configure({ mode: "default" });

  test.beforeAll(async () => {
    // Starting a server (copy, seed, boot, first sign-up) is set-up, not the test: on a busy
    // two-core machine it can take longer than a test's 30 s.
    test.setTimeout(120_000);
    server = await startServer({ seed: options.seed });
    // The first account of a data dir is its admin.
    cookies = await signUpOverHttp(server, newAccount("Owner", "staff.test"));
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  return {
    get url() {
      if (!server) throw new Error("The isolated server is not running yet");
      return server.url;
    },
    get dataDir() {
      return server!.dataDir;
    },
    /** Signs the page's browser context in as the server's admin. */
    async signIn(page: Page) {
      const [name, value] = cookies[0]!.split(";")[0]!.split("=");
      await page.context().addCookies([{ name: name!, value: value!, url: server!.url }]);
    },
  };
}
