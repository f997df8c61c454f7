// 200 connections on the public pages for 30 s while a signed-in staff member
// works in the admin: no request over 2 s, overload answered only as fast 503s
// with Retry-After, and staff pages under 1 s (their own share of capacity).
// Run twice: on the pages the render cache answers, and on searches no cache
// holds (each one renders and queries the database, so admission control is
// what keeps the answers fast).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { newAccount, signUpOverHttp } from "../../tests/e2e/support/accounts";
import { type LoadResult, max, percentile, runLoadInChild } from "./lib/load";
import type { ProbeResult } from "./lib/probe";
import { launch } from "./lib/server";

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
  const server = await launch({ dataDir, env: { LOG_LEVEL: "warn" } });
  try {
    await server.healthy();
    const cookie = (await signUpOverHttp({ url: server.url, dataDir }, newAccount("Staff", "probe.test")))
      .map((header) => header.split(";")[0])
      .join("; ");
    let ok = true;
    const lines: string[] = [];
    for (const { name, paths } of CROWDS) {
      const [crowd, staff] = await Promise.all([
        runLoadInChild({ url: server.url, paths, connections, durationMs, timeoutMs: 15_000 }),
        runLoadInChild({
          url: server.url,
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
        crowd.failed === 0 && max(all) <= 2000 && staff.failed === 0 && staff.unavailable === 0 && max(staffAll) < 1000;
      ok &&= met;
      lines.push(
        `${name}: ${crowd.ok} answered, ${crowd.unavailable} busy 503s, ${crowd.failed} failed; ` +
          `p99 ${ms(percentile(all, 99))}, max ${ms(max(crowd.latencies.ok))} (503s max ${ms(max(crowd.latencies.unavailable))}); ` +
          `staff ${staff.ok} pages, p99 ${ms(percentile(staffAll, 99))}, max ${ms(max(staffAll))}, ${staff.unavailable} 503s; ` +
          `the load client's own stalls up to ${ms(crowd.clientStallMs)}` +
          (met ? "" : `; slowest: ${slowest(crowd)}; staff's slowest: ${slowest(staff)}`),
      );
    }

    return { ok, line: `${connections} connections × ${durationMs / 1000} s each — ${lines.join(" | ")}` };
  } finally {
    await server.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
