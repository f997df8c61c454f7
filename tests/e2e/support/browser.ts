// Finds a Chromium: CHROME_PATH, Debian's chromium, a Chrome, or Playwright's own;
// for the browser suite, Debian's headless shell first.
import fs from "node:fs";

const CANDIDATES = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
];

/** The whole browser: what Lighthouse and the benchmarks measure, as a visitor's Chrome would run. */
export function chromiumPath(): string | undefined {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  return CANDIDATES.find((candidate) => fs.existsSync(candidate));
}

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/**
 * The browser the test suite drives: Debian's chromium-headless-shell when installed (the same
 * Chromium, built for headless use only, as Playwright's own headless runs use; a page load and
 * hydration cost about a third less CPU than in the whole browser), else chromiumPath().
 */
export function testBrowserPath(): string | undefined {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  return fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : chromiumPath();
}

// As root Chromium needs --no-sandbox; the next ones keep it quiet on a closed network. The last
// two draw in software inside the browser process instead of a GPU process emulating a GPU: a
// fifth less of the browser's CPU over the same tests (decision 0118).
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
  "--disable-gpu",
  "--in-process-gpu",
];
