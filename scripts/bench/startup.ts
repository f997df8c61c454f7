// Time from `npm start` (the built server) to its first answers: on a new data
// dir (the database made from the build's template, decision 0086) and on an
// existing one — the case of every restart after the first.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, ROOT } from "../../tests/e2e/support/server";
import { cpuMsOf } from "../probes/lib/memory";
import { percentile, type Row } from "./table";

async function startOnce(dataDir: string): Promise<{ health: number; page: number; cpu: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
    },
    stdio: "ignore",
  });
  let health = 0;
  let page = 0;
  let cpu = 0;
  try {
    while (!health) {
      if (child.exitCode !== null) throw new Error("the server exited during the startup benchmark");
      try {
        if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) {
          health = performance.now() - started;
          cpu = cpuMsOf(child.pid!) / 1000;
        }
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
    const response = await fetch(`http://127.0.0.1:${port}/auth`);
    await response.text();
    page = performance.now() - started;
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
  return { health, page, cpu };
}

export async function benchStartup(): Promise<Row[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-bench-start-"));
  try {
    const first = await startOnce(dataDir); // creates the database
    const runs: { health: number; page: number; cpu: number }[] = [];
    for (let i = 0; i < 5; i++) runs.push(await startOnce(dataDir));
    const p = (key: "health" | "page" | "cpu") =>
      percentile(
        runs.map((r) => r[key]),
        50,
      );
    const worst = Math.max(...runs.map((r) => r.page));
    return [
      {
        measure: "npm start → /healthz 200, new data dir: wall / CPU user+sys",
        value: `${(first.health / 1000).toFixed(2)} s / ${first.cpu.toFixed(2)} s`,
      },
      {
        measure: "npm start → /healthz 200 (existing data dir, median of 5)",
        value: `${(p("health") / 1000).toFixed(2)} s`,
      },
      {
        // What a shared machine cannot blur: the CPU the server spent until /healthz answered.
        measure: "npm start → /healthz: CPU user+sys (median of 5)",
        value: `${p("cpu").toFixed(2)} s`,
      },
      {
        measure: "npm start → first page (/auth) (median / worst of 5)",
        value: `${(p("page") / 1000).toFixed(2)} s / ${(worst / 1000).toFixed(2)} s`,
        budget: "< 3 s",
        ok: worst < 3000,
      },
    ];
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
