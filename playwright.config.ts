import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, testBrowserPath } from "./tests/e2e/support/browser";

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  reporter: [
    ["list"],
    // npm test reads the totals from the JSON report.
    ...(process.env.E2E_JSON_REPORT ? [["json"] as ["json"]] : []),
    ...(process.env.CI ? [] : [["html", { open: "never" }] as ["html", { open: string }]]),
  ],
  // In CI the browser suite shares two cores with Vitest: the import journey, 11 s alone, took
  // 26 s there and once over 30 s (the CI run of 419f35d). A test that starts a server of its
  // own sets its own timeout, for that set-up.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    // Set by the global setup, which starts the server on a free port.
    baseURL: process.env.E2E_BASE_URL,
    // Recording a trace for every test costs about a tenth of the browser suite's CPU
    // (clients.spec: 40.9 → 36.4 core-seconds), paid on every CI run for traces that are
    // thrown away when the test passes; a CI failure still leaves its screenshot and page
    // snapshot, and a local rerun records the trace (decision 0093).
    trace: process.env.CI ? "off" : "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: testBrowserPath(), args: CHROMIUM_ARGS },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
});
