// 200 connections on the public pages for 30 s, through Caddy with the shipped
// deploy/Caddyfile (production's topology), while a signed-in staff member works
// in the admin: p99 under 1 s and nothing over 3 s, overload answered only as
// fast 503s with Retry-After, staff pages p99 under 1 s (their own share of
// capacity), none failed. Run twice: on the pages the render cache answers, and
// on searches no cache holds (each one renders and queries the database, so
// admission control is what keeps the answers fast).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { newAccount, signUp } from "../lib/accounts";
import { caddyInstalled, startCaddy } from "../lib/caddy";
import { launch } from "../lib/server";
import { percentile } from "../bench/table";
import { type LoadResult, max, runLoadInChild } from "./lib/load";
import type { ProbeResult } from "./lib/probe";

const ms = (value: number) => `${Math.round(value)} ms`;

/** Where the slowest requests' time went: "2.1 s /?q=probe-7 503 (new connection, connected after 1.9 s) at 0.4 s". */
function slowest(result: LoadResult): string {
  return result.slowest
    .slice(0, 3)
    .map(
      (request) =>
        `${ms(request.ms)} ${request.path} ${request.outcome}` +
        (request.connectedMs === undefined ? "" : ` (new connection, connected after ${ms(request.connectedMs)})`) +
        ` at ${request.at} s`,
    )
    .join("; ");
}

interface Crowd {
  name: string;
  paths: string[];
}

const CROWDS: Crowd[] = [
  { name: "cached pages", paths: ["/", "/projects", "/gallery"] },
  { name: "uncached searches", paths: ["/?q=probe-{n}", "/projects?q=probe-{n}"] },
];

export async function probeLoad(options: { connections?: number; durationMs?: number } = {}): Promise<ProbeResult> {
  const connections = options.connections ?? 200;
  const durationMs = options.durationMs ?? 30_000;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-probe-load-"));
  if (!caddyInstalled()) return { ok: false, line: "Caddy is not installed (apt-get install caddy)" };
  const server = await launch({ dataDir, env: { LOG_LEVEL: "warn", TRUST_PROXY: "loopback" } });
  const caddy = await startCaddy(server.port).catch(async (error: unknown) => {
    await server.kill();
    throw error;
  });
  try {
    await server.healthy();
    const cookie = await signUp(server.url, newAccount("Staff", "probe.test"));
    let ok = true;
    const lines: string[] = [];
    for (const { name, paths } of CROWDS) {
      const [crowd, staff] = await Promise.all([
        runLoadInChild({ url: caddy.url, paths, connections, durationMs, timeoutMs: 15_000 }),
        runLoadInChild({
          url: caddy.url,
          paths: ["/admin", "/admin/projects", "/admin/clients"],
          connections: 2,
          durationMs,
          headers: { Cookie: cookie },
          pauseMs: 250,
          timeoutMs: 15_000,
        }),
      ]);
      const all = [...crowd.latencies.ok, ...crowd.latencies.unavailable];
      const staffAll = [...staff.latencies.ok, ...staff.latencies.unavailable];
      const met =
        crowd.failed === 0 &&
        crowd.unavailableWithoutRetryAfter === 0 &&
        percentile(all, 99) < 1000 &&
        max(all) < 3000 &&
        staff.failed === 0 &&
        staff.unavailable === 0 &&
        percentile(staffAll, 99) < 1000;
      ok &&= met;
      lines.push(
        `${name}: ${crowd.ok} answered, ${crowd.unavailable} busy 503s (${crowd.unavailableWithoutRetryAfter} without Retry-After), ${crowd.failed} failed${crowd.failed ? ` ${JSON.stringify(crowd.errors)}` : ""}; ` +
          `p99 ${ms(percentile(all, 99))}, max ${ms(max(crowd.latencies.ok))} (503s max ${ms(max(crowd.latencies.unavailable))}); ` +
          `staff ${staff.ok} pages, p99 ${ms(percentile(staffAll, 99))}, max ${ms(max(staffAll))}, ${staff.unavailable} 503s; ` +
          `the load client's own stalls up to ${ms(crowd.clientStallMs)}` +
          (met ? "" : `; slowest: ${slowest(crowd)}; staff's slowest: ${slowest(staff)}`),
      );
    }

    return {
      ok,
      line: `${connections} connections through Caddy × ${durationMs / 1000} s each — ${lines.join(" | ")}`,
    };
  } finally {
    await caddy.stop();
    await server.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
