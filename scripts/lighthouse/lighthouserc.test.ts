// The assertions file bites: `lhci assert` with it passes a page at 100 in every
// category and fails one that drops under the bar or could not be measured.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify, stripVTControlCharacters } from "node:util";
import { afterEach, expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** `lhci assert` on one collected result with these category scores: its exit code and output. */
async function assertScores(scores: Record<string, number | null>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-lhci-"));
  dirs.push(dir);
  fs.mkdirSync(path.join(dir, ".lighthouseci"));
  const url = "http://127.0.0.1/";
  const lhr = {
    lighthouseVersion: "12.1.0",
    requestedUrl: url,
    finalUrl: url,
    fetchTime: new Date().toISOString(),
    categories: Object.fromEntries(Object.entries(scores).map(([id, score]) => [id, { id, score, auditRefs: [] }])),
    audits: {},
  };
  fs.writeFileSync(path.join(dir, ".lighthouseci", "lhr-1.json"), JSON.stringify(lhr));
  const lhci = path.join(root, "node_modules/.bin/lhci");
  const config = path.join(root, "scripts/lighthouse/lighthouserc.json");
  return promisify(execFile)(lhci, ["assert", `--config=${config}`], { cwd: dir, timeout: 20_000 }).then(
    ({ stdout, stderr }) => ({ code: 0, output: stripVTControlCharacters(stdout + stderr) }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      output: stripVTControlCharacters(error.stdout + error.stderr),
    }),
  );
}

const full = { performance: 1, accessibility: 1, "best-practices": 1, seo: 1 };

test("every category at 100 passes", async () => {
  expect((await assertScores(full)).code).toBe(0);
});

test("a category under 95 fails and is named", async () => {
  const { code, output } = await assertScores({ ...full, performance: 0.94 });
  expect(code).not.toBe(0);
  expect(output).toContain("categories.performance");
});

test("a category Lighthouse could not score fails", async () => {
  const { code, output } = await assertScores({ ...full, "best-practices": null });
  expect(code).not.toBe(0);
  expect(output).toContain("categories.best-practices");
});
