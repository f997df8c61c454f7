// SIGTERM while 50 keep-alive clients load the public pages: no request that
// was sent is lost (clients honour `Connection: close`), and the server exits
// well within the drain time.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { emptyResult, runLoad } from "./lib/load";
import { type ProbeResult, seconds, timed } from "./lib/probe";
import { launch } from "./lib/server";

export async function probeSigtermUnderLoad(): Promise<ProbeResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-probe-drain-"));
  const server = await launch({ dataDir, env: { LOG_LEVEL: "warn" } });
  try {
    await server.healthy();
    const progress = emptyResult();
    const load = runLoad({
      url: server.url,
      paths: ["/", "/projects", "/gallery", "/auth"],
      connections: 50,
      until: server.exited,
      stopWhenRefused: true,
      honourRetryAfter: true,
      into: progress,
    });
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const inFlightAtSignal = progress.ok + progress.unavailable;
    process.kill(server.serverPid(), "SIGTERM");
    const { value: exit, ms } = await timed(server.exited, 30_000, "exit after SIGTERM");
    const result = await load;
    const answeredAfter = result.ok + result.unavailable - inFlightAtSignal;
    const ok = result.failed === 0 && exit.code === 0 && ms < 10_000;
    return {
      ok,
      line:
        `50 connections: ${result.ok + result.unavailable} answered (${answeredAfter} after SIGTERM), ` +
        `${result.failed} failed${result.failed ? ` ${JSON.stringify(result.errors)}` : ""}, ` +
        `${result.refused} refused new connections; exit ${exit.code} after ${seconds(ms)}`,
    };
  } finally {
    await server.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
