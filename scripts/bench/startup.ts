// `npm start` to its first page in a fresh clone of the last commit (the build included; node_modules
// linked, as `npm install` would leave them), then restarts on the data dir it made.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { launch, ROOT } from "../lib/server";
import { percentile, type Row } from "./lib";

/** `npm start` in `cwd` to its first page, in seconds. */
async function start(cwd: string, dataDir: string): Promise<number> {
  const started = performance.now();
  const server = await launch({
    npm: ["start", "--silent"],
    cwd,
    dataDir,
    env: { DATA_DIR: dataDir, LOG_LEVEL: "warn" },
  });
  try {
    await server.healthy(300_000, "/auth");
    return (performance.now() - started) / 1000;
  } finally {
    await server.stop();
  }
}

export async function benchStartup(): Promise<Row[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-bench-clone-"));
  const clone = path.join(dir, "clone");
  try {
    execFileSync("git", ["clone", "--quiet", "--no-hardlinks", ROOT, clone]);
    fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(clone, "node_modules"));
    const dataDir = path.join(dir, "data");
    const first = await start(clone, dataDir);
    const restarts: number[] = [];
    for (let i = 0; i < 5; i++) restarts.push(await start(clone, dataDir));
    const worst = Math.max(...restarts);
    return [
      {
        measure: "npm start in a fresh clone (build included) → first page",
        value: `${first.toFixed(1)} s`,
        budget: "< 15 s",
        ok: first < 15,
      },
      {
        measure: "npm start again (a restart) → first page: median / worst of 5",
        value: `${percentile(restarts, 50).toFixed(2)} s / ${worst.toFixed(2)} s`,
        budget: "< 2 s",
        ok: worst < 2,
      },
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
