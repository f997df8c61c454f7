// What counting page views costs a cached page (decision 0063, budget: at most
// 5%): two servers on the same data, one counting (COUNT_VIEWS=true) and one
// not, loaded in turns (on, off, on, off …) so a busy machine weighs on both
// alike. Each turn reads the server process's CPU time (user + system, from
// /proc) as well as its throughput: on a shared machine requests/s wander with
// the other load, the CPU time per request much less. The visits carry a
// browser's user agent, so every one is counted (record() runs for each); all
// come from one address, so the database then holds that address's day's
// limit of them (ADDRESS_DAY_LIMITS), read back afterwards to show it does.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { migrationsFolder } from "~/.server/db/migrate";
import { createViewCounter, type ViewRequest } from "~/domain/views/counter.server";
import { ADDRESS_DAY_LIMITS } from "~/domain/views/insights";
import { type RunningServer, startServer } from "../../tests/e2e/support/server";
import { load } from "./load";
import type { Row } from "./table";

const TURNS = 6;
const SECONDS = 3;
const CONNECTIONS = 10;
const BROWSER = {
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  "accept-encoding": "br",
};

const SEED = `
  insert into clients (id, name) values ('c0000000-0000-4000-8000-000000000001', 'Bench Council');
  insert into projects (id, title, project_name, client_id, status, show_in_gallery, description)
    values ('b0000000-0000-4000-8000-000000000001', 'Counted Adventure Park', 'counted-park',
      'c0000000-0000-4000-8000-000000000001', 'completed', true, 'The page whose views are counted.');
`;

/** The process's CPU time so far, in milliseconds (Linux /proc; clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  // utime and stime are fields 14 and 15 of the line; 12 and 13 after "pid (comm) ".
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** CPU time of one counted view in this process, in nanoseconds: steadier than any throughput here. */
function recordCost(): number {
  const counter = createViewCounter({
    database: () => {
      throw new Error("never written: only record() is measured");
    },
    secret: "bench".repeat(8),
    ipOf: () => "127.0.0.1",
    flushMs: 3_600_000,
  });
  const headers = { ...BROWSER, host: "127.0.0.1:3000" };
  const runs = 500_000;
  // Each request's headers are new strings, as the HTTP parser makes them; copying them is subtracted.
  const copy = (): ViewRequest => ({
    method: "GET",
    headers: { ...headers, "user-agent": `${headers["user-agent"]} ` },
  });
  const spent = (work: () => void) => {
    const start = process.cpuUsage();
    for (let i = 0; i < runs; i++) work();
    const used = process.cpuUsage(start);
    return (used.user + used.system) * 1000;
  };
  spent(() => counter.record(copy(), "project b0000000-0000-4000-8000-000000000001"));
  const counted = spent(() => counter.record(copy(), "project b0000000-0000-4000-8000-000000000001"));
  const baseline = spent(() => copy());
  return (counted - baseline) / runs;
}

async function seeded(dataDir: string) {
  const db = await PGlite.create({ dataDir: path.join(dataDir, "db") });
  await migrate(drizzle({ client: db }), { migrationsFolder: migrationsFolder() });
  await db.exec(SEED);
  await db.close();
}

export async function benchViews(): Promise<Row[]> {
  const template = fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-bench-views-"));
  await seeded(template);
  const servers: Record<"on" | "off", RunningServer> = {
    on: await startServer({ template, env: { COUNT_VIEWS: "true", MAX_IN_FLIGHT: "64" } }),
    off: await startServer({ template, env: { COUNT_VIEWS: "false", MAX_IN_FLIGHT: "64" } }),
  };
  const totals = { on: { requests: 0, seconds: 0, cpu: 0 }, off: { requests: 0, seconds: 0, cpu: 0 } };
  // Each turn's pair (on beside off, measured back to back): the median of their ratios.
  const pairs: { rps: number; cpu: number }[] = [];
  let answeredOn = 0;
  const loadBefore = os.loadavg()[0]!;
  let counted = 0;
  try {
    answeredOn += (await load(`${servers.on.url}/counted-park`, 2, 1, BROWSER)).answered;
    await load(`${servers.off.url}/counted-park`, 2, 1, BROWSER);
    for (let turn = 0; turn < TURNS; turn++) {
      // Alternate which goes first, so neither always follows the other.
      const order = turn % 2 === 0 ? (["on", "off"] as const) : (["off", "on"] as const);
      const turnOf = { on: { rps: 0, cpu: 0 }, off: { rps: 0, cpu: 0 } };
      for (const side of order) {
        const before = cpuMs(servers[side].pid);
        const result = await load(`${servers[side].url}/counted-park`, CONNECTIONS, SECONDS, BROWSER);
        const cpu = cpuMs(servers[side].pid) - before;
        turnOf[side] = { rps: result.answered / SECONDS, cpu: cpu / result.answered };
        totals[side].cpu += cpu;
        totals[side].requests += result.answered;
        if (side === "on") answeredOn += result.answered;
        totals[side].seconds += SECONDS;
      }
      pairs.push({ rps: turnOf.on.rps / turnOf.off.rps, cpu: turnOf.on.cpu / turnOf.off.cpu });
    }
  } finally {
    await servers.off.stop();
    // A graceful stop writes the last counts; then the database is read.
    await servers.on.stop({ keepData: true });
    const db = await PGlite.create({ dataDir: path.join(servers.on.dataDir, "db") });
    counted = Number(
      (await db.query<{ views: number }>("select coalesce(sum(views), 0)::int as views from page_views")).rows[0]!
        .views,
    );
    await db.close();
    fs.rmSync(servers.on.dataDir, { recursive: true, force: true });
    fs.rmSync(template, { recursive: true, force: true });
  }
  const loadAfter = os.loadavg()[0]!;
  const rps = (side: "on" | "off") => totals[side].requests / totals[side].seconds;
  const cpuPerRequest = (side: "on" | "off") => (totals[side].cpu * 1000) / totals[side].requests;
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const throughputCost = (1 - median(pairs.map((pair) => pair.rps))) * 100;
  const cpuCost = (median(pairs.map((pair) => pair.cpu)) - 1) * 100;
  const spread = (values: number[]) =>
    `turns ${Math.round((1 - Math.max(...values)) * 100)}% to ${Math.round((1 - Math.min(...values)) * 100)}%`;
  const record = recordCost();
  const turns = `${TURNS} × ${SECONDS} s each, interleaved, ${CONNECTIONS} connections`;
  const machine = `load average ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)} on ${os.cpus().length} cores`;
  return [
    {
      measure: `cached /:slug, views counted vs not: requests/s (${turns}; ${machine})`,
      value: `${rps("on").toFixed(0)} vs ${rps("off").toFixed(0)} req/s; cost, median of turns: ${throughputCost.toFixed(1)}% (${spread(pairs.map((pair) => pair.rps))})`,
      budget: "<= 5% cost",
      ok: throughputCost <= 5,
    },
    {
      measure: "cached /:slug, views counted vs not: server CPU time per request (user + system)",
      value: `${cpuPerRequest("on").toFixed(1)} vs ${cpuPerRequest("off").toFixed(1)} µs; cost, median of turns: ${cpuCost.toFixed(1)}%`,
      budget: "<= 5% cost",
      ok: cpuCost <= 5,
    },
    {
      measure: "one counted view, CPU time in process (record(): the work a cached hit adds)",
      value: `${record.toFixed(0)} ns (${((record / 1000 / cpuPerRequest("off")) * 100).toFixed(1)}% of a hit's)`,
    },
    {
      measure: `views the counting server wrote (of the requests it answered; one address adds ${ADDRESS_DAY_LIMITS.viewsPerPage} a page a day)`,
      value: `${counted.toLocaleString("en-US")} of ${answeredOn.toLocaleString("en-US")}`,
    },
  ];
}
