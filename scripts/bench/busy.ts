// What an answer made in front of Express costs the server under a flood: CPU
// time per busy 503 (the only public place held by a form whose body never
// comes) next to a render cache hit. Server CPU per request holds up on a busy
// machine better than requests per second do; the flood's other requests wait
// for whatever a refusal takes.
import autocannon from "autocannon";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { holdAPlace } from "../../tests/e2e/support/raw-http";
import { requestSeen } from "../../tests/e2e/support/server";
import { cpuMsOf } from "../probes/lib/memory";
import { launch } from "../probes/lib/server";
import type { Row } from "./table";

const REQUESTS = 40_000;

async function cpuPerRequest(pid: number, url: string, status: number): Promise<number> {
  const run = (amount: number) =>
    new Promise<autocannon.Result>((resolve, reject) =>
      autocannon(
        { url, connections: 50, amount, headers: { accept: "text/html", "accept-encoding": "br, gzip" } },
        (error, result) => (error ? reject(error) : resolve(result)),
      ),
    );
  await run(3000); // warm
  const before = cpuMsOf(pid);
  const result = await run(REQUESTS);
  const used = cpuMsOf(pid) - before;
  const expected = result[`${Math.floor(status / 100)}xx` as "2xx" | "5xx"];
  if (expected !== REQUESTS) throw new Error(`${url}: ${expected} of ${REQUESTS} answered ${status}`);
  return (used * 1000) / REQUESTS;
}

export async function benchBusy(): Promise<Row[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-bench-busy-"));
  const server = await launch({ dataDir, env: { LOG_LEVEL: "warn", MAX_IN_FLIGHT: "1" } });
  try {
    await server.healthy();
    const pid = server.serverPid();
    const hit = await cpuPerRequest(pid, `${server.url}/gallery`, 200);
    const hold = holdAPlace(server.port);
    try {
      await requestSeen(server.url);
      const busy = await cpuPerRequest(pid, `${server.url}/projects?q=busy`, 503);
      return [
        { measure: "server CPU per render cache hit (/gallery, 50 connections)", value: `${hit.toFixed(0)} µs` },
        {
          measure: "server CPU per busy 503 (admission control, 50 connections)",
          value: `${busy.toFixed(0)} µs`,
          budget: "< 3× a cache hit",
          ok: busy < 3 * hit,
        },
      ];
    } finally {
      hold.destroy();
    }
  } finally {
    await server.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
