// A server of a spec file's own (fresh data dir from the migrated template with
// its admin, optionally seeded through the typed factories), for tests that need
// an empty or known database; and the one empty server that tests which only
// look at an empty database share.
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { test } from "./fixtures";
import { ADMIN_STATE, OWNER_FILE } from "./paths";
import { ownedTemplateDir, type RunningServer, type Seed, startServer } from "./server";

/** The session cookie (`name=value`) of the admin of the owned template's copies. */
export function ownerCookie(): string {
  const { cookies } = JSON.parse(fs.readFileSync(OWNER_FILE, "utf8")) as { cookies: string[] };
  return cookies[0]!.split(";")[0]!;
}

/** Signs the page's browser context in as the admin of the owned template's copies. */
async function signInAsOwner(page: Page, url: string) {
  const [name, value] = ownerCookie().split("=");
  await page.context().addCookies([{ name: name!, value: value!, url }]);
}

export function useIsolatedServer(options: { seed?: Seed; env?: Record<string, string> } = {}) {
  let server: RunningServer | undefined;

  // The tests that share this server run in one worker, one after the other (each still on
  // its own: a failure does not skip the rest). Spread over both workers, each started a
  // server of its own: twice the start-ups for the same tests.
  test.describe.configure({ mode: "default" });

  test.beforeAll(async () => {
    // Starting a server (copy, seed, boot) is set-up, not the test: on a busy two-core
    // machine it can take longer than a test's 30 s.
    test.setTimeout(120_000);
    // The copied template holds the first account (its admin) and that account's session.
    server = await startServer({ seed: options.seed, template: ownedTemplateDir(), env: options.env });
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
      await signInAsOwner(page, server!.url);
    },
  };
}

/**
 * The server with an empty database (its admin aside) that the empty-state tests share,
 * started by the global setup: they only look, so one server does for all of them instead
 * of one each. A test that saves anything takes a server of its own (useIsolatedServer).
 */
export function sharedEmptyServer() {
  return {
    get url() {
      const url = process.env.E2E_EMPTY_URL;
      if (!url) throw new Error("The shared empty server is not running (see global-setup.ts)");
      return url;
    },
    /** Signs the page's browser context in as the server's admin. */
    async signIn(page: Page) {
      await signInAsOwner(page, this.url);
    },
  };
}

/**
 * The shared server, for a spec whose known records the global setup seeded into it
 * (seeds/shared.ts) instead of starting a server of its own: a server start costs about
 * 2.5 s of CPU and its seeding another second, once per spec. Signed in as its admin.
 */
export function seededSharedServer() {
  // The tests of such a spec still run one after the other in one worker, as on a server of
  // their own: some change their records (a link revoked) that a later test reads.
  test.describe.configure({ mode: "default" });
  const cookies = () =>
    (JSON.parse(fs.readFileSync(ADMIN_STATE, "utf8")) as { cookies: { name: string; value: string }[] }).cookies;
  return {
    get url() {
      const url = process.env.E2E_BASE_URL;
      if (!url) throw new Error("The shared server is not running (see global-setup.ts)");
      return url;
    },
    /** The admin's session cookie (`name=value`), for requests made without a browser. */
    cookie() {
      const session = cookies().find((cookie) => cookie.name.endsWith("session_token"));
      return `${session!.name}=${session!.value}`;
    },
    /** Signs the page's browser context in as the shared server's admin. */
    async signIn(page: Page) {
      await page.context().addCookies(cookies().map(({ name, value }) => ({ name, value, url: this.url })));
    },
  };
}
