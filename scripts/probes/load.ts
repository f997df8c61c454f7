// The overload goal of docs/operations.md ("Under overload"), through Caddy with deploy/Caddyfile:
// 200 connections on the pages the render cache holds, then on searches no cache holds, while staff
// work in the admin. With DATABASE_URL, on that PostgreSQL, staff on an instance of their own (0111).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type autocannon from "autocannon";
import { load, percentile } from "../bench/lib";
import { newAccount, signUp } from "../lib/accounts";
import { caddyInstalled, startCaddy } from "../lib/caddy";
import { launch } from "../lib/server";

const [CONNECTIONS, SECONDS] = [200, 30];
const CROWDS = [
  { name: "cached pages", paths: ["/", "/projects", "/gallery"] },
  // `{n}` becomes a number never asked before: a page no cache holds.
  { name: "uncached searches", paths: ["/?q=probe-{n}", "/projects?q=probe-{n}"] },
];
const ms = (value: number) => `${Math.round(value)} ms`;

/** `paths` in turn for SECONDS; 503s are counted apart, and those without Retry-After. */
async function crowd(url: string, paths: string[], options: Omit<autocannon.Options, "url">) {
  let [fresh, noRetryAfter] = [0, 0];
  const run = await load(url, {
    ...{ duration: SECONDS, timeout: 15, ...options },
    requests: paths.map((page) => ({
      setupRequest: (request) => ({ ...request, path: page.replace("{n}", () => String(fresh++)) }),
    })),
    // autocannon's types say a header object; it passes Node's parser's record (a raw header list).
    setupClient: (client) =>
      client.on("headers", (parsed) => {
        const { statusCode, headers } = parsed as unknown as { statusCode: number; headers: string[] };
        const retryAfter = headers.some((value, i) => i % 2 === 0 && value.toLowerCase() === "retry-after");
        if (statusCode === 503 && !retryAfter) noRetryAfter++;
      }),
  });
  const statuses = Object.entries(run.statuses);
  const max = run.latencies.reduce((a, b) => Math.max(a, b), 0);
  return {
    ...{ ...run, max, noRetryAfter, busy: run.statuses[503] ?? 0 },
    answered: statuses.reduce((sum, [status, count]) => (status.startsWith("2") ? sum + count : sum), 0),
    strays: Object.fromEntries(statuses.filter(([status]) => !/^(2..|503)$/.test(status))),
  };
}

export async function probeLoad() {
  if (!caddyInstalled()) return { ok: false, line: "Caddy is not installed (apt-get install caddy)" };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-probe-load-"));
  const signedInDataDir = `${dataDir}-signed-in`;
  const { DATABASE_URL = "" } = process.env;
  // Both instances must accept the session cookie either one signed.
  const env = { LOG_LEVEL: "warn", TRUST_PROXY: "loopback", DATABASE_URL, AUTH_SECRET: crypto.randomUUID() };
  const server = await launch({ dataDir, env });
  // One data dir holds one embedded database: a second instance needs PostgreSQL.
  const signedIn = DATABASE_URL ? await launch({ dataDir: signedInDataDir, env }) : undefined;
  const caddy = await startCaddy(server.port, { signedIn: signedIn?.port }).catch(async (error: unknown) => {
    await Promise.all([server.kill(), signedIn?.kill()]);
    throw error;
  });
  try {
    await Promise.all([server.healthy(), signedIn?.healthy()]);
    const Cookie = await signUp(server.url, newAccount("Staff", "probe.test"));
    const staffPages = ["/admin", "/admin/projects", "/admin/clients"];
    const lines = [];
    let ok = true;
    for (const { name, paths } of CROWDS) {
      const [crowded, staff] = await Promise.all([
        crowd(caddy.url, paths, { connections: CONNECTIONS }),
        // A person clicking, not a flood: 4 requests a second on each of 2 connections.
        crowd(caddy.url, staffPages, { connections: 2, connectionRate: 4, headers: { Cookie } }),
      ]);
      const strays = Object.keys({ ...crowded.strays, ...staff.strays }).length;
      const [p99, staffP99] = [percentile(crowded.latencies, 99), percentile(staff.latencies, 99)];
      ok &&= crowded.lost + strays + crowded.noRetryAfter + staff.lost + staff.busy === 0;
      ok &&= p99 < 1000 && crowded.max < 3000 && staffP99 < 1000;
      lines.push(
        `${name}: ${crowded.answered} answered, ${crowded.busy} busy 503s (${crowded.noRetryAfter} without Retry-After), ` +
          `${crowded.lost} lost${strays ? `, other statuses ${JSON.stringify([crowded.strays, staff.strays])}` : ""}; ` +
          `p99 ${ms(p99)}, max ${ms(crowded.max)}; ` +
          `staff ${staff.answered} pages, p99 ${ms(staffP99)}, max ${ms(staff.max)}, ${staff.busy} 503s`,
      );
    }
    const staffApart = signedIn ? " (staff on an instance of their own)" : "";
    const database = DATABASE_URL ? "PostgreSQL" : "the embedded database";
    return {
      ok,
      line: `${CONNECTIONS} connections through Caddy × ${SECONDS} s each on ${database}${staffApart} — ${lines.join(" | ")}`,
    };
  } finally {
    await caddy.stop();
    await Promise.all([server.kill(), signedIn?.kill()]);
    for (const dir of [dataDir, signedInDataDir]) fs.rmSync(dir, { recursive: true, force: true });
  }
}
