// Time from `npm start` to its first page (/auth): in a fresh clone of this checkout's last commit
// (the build included; its node_modules linked to this one's, as `npm install` would have left
// them), then restarts of that server on the data dir its first start made.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, ROOT } from "../lib/server";
import { percentile, type Row } from "./table";

/** CPU time a process has used so far, user and system, in ms (Linux: /proc, clock ticks of 10 ms). */
function cpuMsOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function start(cwd: string, dataDir: string): Promise<{ seconds: number; cpu: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn("npm", ["start", "--silent"], {
    cwd,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
    stdio: "ignore",
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error("npm start exited during the start-up benchmark");
      const answered = await fetch(`http://127.0.0.1:${port}/auth`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (answered) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // npm execs node: the child is the server itself.
    return { seconds: (performance.now() - started) / 1000, cpu: cpuMsOf(child.pid!) / 1000 };
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
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
    const median = (key: "seconds" | "cpu") =>
      percentile(
        restarts.map((run) => run[key]),
        50,
      );
    const worst = Math.max(...restarts.map((run) => run.seconds));
    return [
      {
        measure: "npm start in a fresh clone (build included) → first page",
        value: `${first.seconds.toFixed(1)} s`,
        budget: "< 15 s",
        ok: first.seconds < 15,
      },
      {
        measure: "npm start again (a restart) → first page: median / worst of 5, CPU user+sys (median)",
        value: `${median("seconds").toFixed(2)} s / ${worst.toFixed(2)} s, CPU ${median("cpu").toFixed(2)} s`,
        budget: "< 2 s",
        ok: worst < 2,
      },
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
