// `npm run probes -- --help` lists the probes and exits: it builds nothing and
// starts nothing (it once ran every probe, the 200-connection load included).
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const run = (...args: string[]) =>
  promisify(execFile)(path.join(root, "node_modules/.bin/tsx"), ["scripts/probes/index.ts", ...args], {
    cwd: root,
    timeout: 20_000,
  });

test("--help prints each probe and what it does, and exits", async () => {
  const { stdout } = await run("--help");
  for (const name of ["kill9-writes", "load"]) {
    expect(stdout).toMatch(new RegExp(`^  ${name} +\\S`, "m"));
  }
  expect(stdout).not.toMatch(/^(PASS|FAIL|SKIP) /m);
});
