// `npm test`: builds if the sources changed, runs Vitest (PostgreSQL too with TEST_DATABASE_URL) and
// Playwright side by side, and ends with one "N passed, N failed" line.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureBuild, root } from "./build-state.mjs";

await ensureBuild();

const reports = fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-test-report-"));
const vitestReport = path.join(reports, "vitest.json");
const playwrightReport = path.join(reports, "playwright.json");

const seconds = {};

function run(name, command, args, env) {
  return new Promise((resolve) => {
    const started = Date.now();
    const output = [];
    const child = spawn(command, args, { cwd: root, env: { ...process.env, FORCE_COLOR: "0", NO_COLOR: "1", ...env } });
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("close", (code) => {
      seconds[name] = ((Date.now() - started) / 1000).toFixed(0);
      console.log(`\n===== ${name} (exit ${code}, ${seconds[name]} s) =====`);
      process.stdout.write(Buffer.concat(output));
      resolve(code ?? 1);
    });
  });
}

const [vitestCode, playwrightCode] = await Promise.all([
  run("vitest", process.execPath, [
    path.join(root, "node_modules/vitest/vitest.mjs"),
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${vitestReport}`,
  ]),
  run("playwright", "npx", ["playwright", "test"], {
    PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport,
    E2E_JSON_REPORT: "1",
  }),
]);

/** Each suite's passed, failed and skipped; a missing report counts as one failure (its run failed). */
function counts(file, read) {
  try {
    return read(JSON.parse(fs.readFileSync(file, "utf8")));
  } catch {
    return [0, 1, 0];
  }
}
const [passed, failed, skipped] = [
  counts(vitestReport, (v) => [v.numPassedTests, v.numFailedTests, v.numPendingTests + v.numTodoTests]),
  counts(playwrightReport, ({ stats: s }) => [s.expected + s.flaky, s.unexpected, s.skipped]),
].reduce((a, b) => a.map((n, i) => n + b[i]));
fs.rmSync(reports, { recursive: true, force: true });
const ok = vitestCode === 0 && playwrightCode === 0 && failed === 0;
console.log(
  `\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped ` +
    `(side by side: Vitest ${seconds.vitest} s, Playwright ${seconds.playwright} s)`,
);
process.exit(ok ? 0 : 1);
