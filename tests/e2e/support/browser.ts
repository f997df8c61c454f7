// Finds a Chromium: CHROME_PATH, Debian's chromium, a Chrome, or Playwright's own.
import fs from "node:fs";

const CANDIDATES = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
];

export function chromiumPath(): string | undefined {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  return CANDIDATES.find((candidate) => fs.existsSync(candidate));
}

// As root Chromium needs --no-sandbox; the rest keep it quiet on a closed network.
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
];
