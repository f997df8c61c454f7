// One process per data dir: a second server is refused with a clear message,
// and a server killed with SIGKILL does not lock its successor out — not even
// a successor with the same pid, as in a restarted container (pid 1 of a fresh
// PID namespace both times).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ProbeResult } from "./lib/probe";
import { canUsePidNamespaces, launch } from "./lib/server";

export async function probeLock(): Promise<ProbeResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-probe-lock-"));
  const seen: string[] = [];
  let ok = true;
  try {
    const first = await launch({ dataDir });
    try {
      await first.healthy();
      const second = await launch({ dataDir });
      const { code } = await second.exited;
      const refused = code === 1 && second.output().includes("is in use by another Playfolio process (server, pid");
      ok &&= refused;
      seen.push(refused ? "second server refused with a clear message" : `second server NOT refused (exit ${code})`);
    } finally {
      await first.kill(); // SIGKILL: no chance to release anything
    }

    const containers = canUsePidNamespaces();
    for (let round = 1; round <= 2; round++) {
      const server = await launch({ dataDir, via: containers ? "pid1" : "node" });
      try {
        await server.healthy(60_000);
        const holder = JSON.parse(fs.readFileSync(path.join(dataDir, "playfolio.lock"), "utf8")) as { pid: number };
        seen.push(
          `after kill -9, start ${round} ${containers ? `as pid ${holder.pid} in a new PID namespace ` : ""}ok`,
        );
      } catch (error) {
        ok = false;
        seen.push(
          `after kill -9, start ${round} FAILED: ${(error as Error).message.split("\n").slice(0, 2).join(" ")}`,
        );
      } finally {
        await server.kill();
      }
    }
    if (!containers) seen.push("(container case not tried: needs root and unshare)");
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return { ok, line: seen.join("; ") };
}
