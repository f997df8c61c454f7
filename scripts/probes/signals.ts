// SIGTERM reaches the server however it is started — `npm start` (npm → node),
// `node scripts/start.mjs`, or pid 1 of a fresh PID namespace (a container) —
// and it stops gracefully: exit code 0, "stopped" logged, port and lock free.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type ProbeResult, seconds, timed } from "./lib/probe";
import { canUsePidNamespaces, isListening, launch, type Via } from "./lib/server";

export async function probeSignals(): Promise<ProbeResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-probe-signals-"));
  const ways: Via[] = ["npm", "node", ...(canUsePidNamespaces() ? (["pid1"] as const) : [])];
  const seen: string[] = [];
  let ok = true;
  try {
    for (const via of ways) {
      const server = await launch({ via, dataDir });
      try {
        await server.healthy();
        // What a process manager signals: npm itself, the node process, or the container's pid 1.
        const target = via === "npm" ? server.child.pid! : server.serverPid();
        process.kill(target, "SIGTERM");
        const { ms } = await timed(server.exited, 15_000, `${via}: exit after SIGTERM`);
        const listening = await isListening(server.port);
        const stopped = server.output().includes('"msg":"stopped"');
        const unlocked = fs.readFileSync(path.join(dataDir, "playfolio.lock"), "utf8") === "";
        const good = !listening && stopped && unlocked;
        ok &&= good;
        seen.push(
          `${via === "pid1" ? "pid 1" : via} ${good ? seconds(ms) : `NOT graceful (listening ${listening}, stopped ${stopped}, unlocked ${unlocked})`}`,
        );
      } catch (error) {
        ok = false;
        seen.push(`${via} ${(error as Error).message.split("\n")[0]}`);
      } finally {
        await server.kill();
      }
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const missing = ways.includes("pid1") ? "" : " (pid 1 not tried: needs root and unshare)";
  return { ok, line: `SIGTERM → graceful exit: ${seen.join(", ")}${missing}` };
}
