// 200 connections on the public pages for 30 s, through Caddy with the shipped
// deploy/Caddyfile (production's topology), while a signed-in staff member works
// in the admin: p99 under 1 s and nothing over 3 s, answers only 2xx or a 503
// with Retry-After, staff pages p99 under 1 s (their own share of capacity),
// none lost. Run twice: on the pages the render cache answers, and on searches
// no cache holds (each renders and queries the database, so admission control
// is what keeps the answers fast). On the embedded database by default; with
// DATABASE_URL set, on that PostgreSQL (where the goal is promised), with a second
// instance for signed-in people, as the Caddyfile lets production run (decision 0111).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { percentile } from "../bench/lib";
import { newAccount, signUp } from "../lib/accounts";
import { caddyInstalled, startCaddy } from "../lib/caddy";
import { launch } from "../lib/server";
import type { ProbeResult } from "./lib/probe";

const ms = (value: number) => `${Math.round(value)} ms`;
const max = (values: number[]) => values.reduce((a, b) => Math.max(a, b), 0);

interface Crowd {
  /** Latencies of every answer, in ms. */
  latencies: number[];
  answered: number;
  busy: number;
  busyWithoutRetryAfter: number;
  /** Answers other than 2xx and 503. */
  otherStatuses: Record<number, number>;
  /** Errors and timeouts: requests sent and never answered. */
  lost: number;
}

function crowd(options: {
  url: string;
  paths: string[];
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  /** Requests per second per connection (a person clicking, not a flood). */
  connectionRate?: number;
}): Promise<Crowd> {
  const result: Crowd = { latencies: [], answered: 0, busy: 0, busyWithoutRetryAfter: 0, otherStatuses: {}, lost: 0 };
  let fresh = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: options.seconds,
        timeout: 15,
        headers: options.headers,
        connectionRate: options.connectionRate,
        // `{n}` becomes a number never asked before: a page no cache holds.
        requests: options.paths.map((page) => ({
          setupRequest: (request) => ({ ...request, path: page.replace("{n}", () => String(fresh++)) }),
        })),
        setupClient: (client) =>
          // autocannon's types say a header object; it passes Node's parser's own record (raw header list).
          client.on("headers", (parsed) => {
            const { statusCode, headers } = parsed as unknown as { statusCode: number; headers: string[] };
            if (statusCode !== 503) return;
            if (!headers.some((value, i) => i % 2 === 0 && value.toLowerCase() === "retry-after")) {
              result.busyWithoutRetryAfter++;
            }
          }),
      },
      (error, done) => {
        if (error) return reject(error);
        result.lost = done.errors + done.timeouts;
        resolve(result);
      },
    );
    instance.on("response", (_client, status, _bytes, latency) => {
      result.latencies.push(latency);
      if (status === 503) result.busy++;
      else if (status >= 200 && status < 300) result.answered++;
      else result.otherStatuses[status] = (result.otherStatuses[status] ?? 0) + 1;
    });
  });
}

const [connections, seconds] = [200, 30];
const CROWDS = [
  { name: "cached pages", paths: ["/", "/projects", "/gallery"] },
  { name: "uncached searches", paths: ["/?q=probe-{n}", "/projects?q=probe-{n}"] },
];

export async function probeLoad(): Promise<ProbeResult> {
  if (!caddyInstalled()) return { ok: false, line: "Caddy is not installed (apt-get install caddy)" };
  const database = process.env.DATABASE_URL ? "PostgreSQL" : "the embedded database";
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-probe-load-"));
  const env = {
    LOG_LEVEL: "warn",
    TRUST_PROXY: "loopback",
    DATABASE_URL: process.env.DATABASE_URL ?? "",
    // Both instances must accept the session cookie either one signed.
    AUTH_SECRET: crypto.randomBytes(24).toString("hex"),
  };
  const server = await launch({ dataDir, env });
  // One data dir holds one embedded database: a second instance needs PostgreSQL.
  const signedInDataDir = `${dataDir}-signed-in`;
  const signedIn = process.env.DATABASE_URL ? await launch({ dataDir: signedInDataDir, env }) : undefined;
  const caddy = await startCaddy(server.port, { signedIn: signedIn?.port }).catch(async (error: unknown) => {
    await Promise.all([server.kill(), signedIn?.kill()]);
    throw error;
  });
  try {
    await Promise.all([server.healthy(), signedIn?.healthy()]);
    const cookie = await signUp(server.url, newAccount("Staff", "probe.test"));
    let ok = true;
    const lines: string[] = [];
    for (const { name, paths } of CROWDS) {
      const [crowded, staff] = await Promise.all([
        crowd({ url: caddy.url, paths, connections, seconds }),
        crowd({
          url: caddy.url,
          paths: ["/admin", "/admin/projects", "/admin/clients"],
          connections: 2,
          seconds,
          headers: { Cookie: cookie },
          connectionRate: 4,
        }),
      ]);
      const strays = Object.keys(crowded.otherStatuses).length + Object.keys(staff.otherStatuses).length;
      const met =
        crowded.lost === 0 &&
        strays === 0 &&
        crowded.busyWithoutRetryAfter === 0 &&
        percentile(crowded.latencies, 99) < 1000 &&
        max(crowded.latencies) < 3000 &&
        staff.lost === 0 &&
        staff.busy === 0 &&
        percentile(staff.latencies, 99) < 1000;
      ok &&= met;
      lines.push(
        `${name}: ${crowded.answered} answered, ${crowded.busy} busy 503s (${crowded.busyWithoutRetryAfter} without Retry-After), ` +
          `${crowded.lost} lost${strays ? `, other statuses ${JSON.stringify([crowded.otherStatuses, staff.otherStatuses])}` : ""}; ` +
          `p99 ${ms(percentile(crowded.latencies, 99))}, max ${ms(max(crowded.latencies))}; ` +
          `staff ${staff.answered} pages, p99 ${ms(percentile(staff.latencies, 99))}, max ${ms(max(staff.latencies))}, ${staff.busy} 503s`,
      );
    }
    return {
      ok,
      line: `${connections} connections through Caddy × ${seconds} s each on ${database}${signedIn ? " (staff on an instance of their own)" : ""} — ${lines.join(" | ")}`,
    };
  } finally {
    await caddy.stop();
    await Promise.all([server.kill(), signedIn?.kill()]);
    for (const dir of [dataDir, signedInDataDir]) fs.rmSync(dir, { recursive: true, force: true });
  }
}
