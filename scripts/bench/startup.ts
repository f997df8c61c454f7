// Time from `npm start` to its first page (/auth): in a fresh clone of this checkout's last commit
// (the build included; its node_modules linked to this one's, as `npm install` would have left
// them), then restarts of that server on the data dir its first start made.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { launch, ROOT } from "../lib/server";
import { percentile, type Row } from "./lib";

/** `npm start` in `cwd` to its first page: seconds, and the CPU (user and system) its process used by then. */
async function start(cwd: string, dataDir: string): Promise<{ seconds: number; cpu: number }> {
  const started = performance.now();
  const server = await launch({
    npm: ["start", "--silent"],
    cwd,
    dataDir,
    env: { DATA_DIR: dataDir, LOG_LEVEL: "warn" },
  });
  try {
    await server.healthy(300_000, "/auth");
    // Linux: /proc, clock ticks of 10 ms.
    const fields = fs.readFileSync(`/proc/${server.child.pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return { seconds: (performance.now() - started) / 1000, cpu: (Number(fields[11]) + Number(fields[12])) / 100 };
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
    const restarts: { seconds: number; cpu: number }[] = [];
    for (let i = 0; i < 5; i++) restarts.push(await start(clone, dataDir));
    const [seconds, cpu] = [restarts.map((run) => run.seconds), restarts.map((run) => run.cpu)];
    const worst = Math.max(...seconds);
    return [
      {
        measure: "npm start in a fresh clone (build included) → first page",
        value: `${first.seconds.toFixed(1)} s`,
        budget: "< 15 s",
        ok: first.seconds < 15,
      },
      {
        measure: "npm start again (a restart) → first page: median / worst of 5, CPU user+sys (median)",
        value: `${percentile(seconds, 50).toFixed(2)} s / ${worst.toFixed(2)} s, CPU ${percentile(cpu, 50).toFixed(2)} s`,
        budget: "< 2 s",
        ok: worst < 2,
      },
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
