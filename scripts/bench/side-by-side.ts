// Public pages from the app (its render cache) next to a bare Node http server
// returning the same bytes from memory in a process of its own, in the same
// run, at 50 connections: throughput, p99 and the ratio of the two. The bytes
// are what autocannon gets (no Accept-Encoding: the uncompressed page).
import { fork } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { load, printTable, type Row } from "./lib";

export interface PageToCompare {
  label: string;
  path: string;
}

export interface Comparison {
  label: string;
  bytes: number;
  app: { rps: number; p99: number; errors: number };
  bare: { rps: number; p99: number };
  ratio: number;
}

const CONNECTIONS = 50;
const SECONDS = 5;
export const RATIO_BUDGET = 0.5;
export const P99_BUDGET_MS = 100;

/** The page as autocannon gets it (no Accept-Encoding: uncompressed). */
const get = (url: string) =>
  new Promise<{ status: number; type: string; body: Buffer }>((resolve, reject) => {
    http
      .get(url, async (res) => {
        const body = Buffer.concat(await res.toArray());
        resolve({ status: res.statusCode ?? 0, type: res.headers["content-type"] ?? "", body });
      })
      .on("error", reject);
  });

async function startBare(pages: { path: string; type: string; body: Buffer }[]) {
  const script = path.join(import.meta.dirname, "bare-server.mjs");
  const child = fork(script, {
    execArgv: [],
    serialization: "advanced",
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  child.send(pages.map(({ path, type, body }) => ({ path, type, body })));
  const port = await new Promise<number>((resolve, reject) => {
    child.once("message", (message) => resolve(message as number));
    child.once("exit", (code) => reject(new Error(`the bare server exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

export async function compareWithBareNode(origin: string, pages: PageToCompare[]): Promise<Comparison[]> {
  const fetched = [];
  for (const page of pages) {
    await get(`${origin}${page.path}`); // rendered and stored
    const answer = await get(`${origin}${page.path}`);
    if (answer.status !== 200) throw new Error(`${page.path} answered ${answer.status}`);
    fetched.push({ ...page, type: answer.type, body: answer.body });
  }
  const bare = await startBare(fetched);
  const results: Comparison[] = [];
  try {
    for (const page of fetched) {
      const app = await load(`${origin}${page.path}`, CONNECTIONS, SECONDS);
      const plain = await load(`${bare.url}${page.path}`, CONNECTIONS, SECONDS);
      results.push({
        label: page.label,
        bytes: page.body.length,
        app: { rps: app.rps, p99: app.p99, errors: app.errors },
        bare: { rps: plain.rps, p99: plain.p99 },
        ratio: app.rps / plain.rps,
      });
    }
  } finally {
    await bare.stop();
  }
  return results;
}

/** The side-by-side table. */
export function printComparison(title: string, results: Comparison[]): void {
  const header = ["page", "bytes", "app req/s", "app p99", "bare req/s", "bare p99", "ratio", ""];
  const cells = results.map((r) => [
    ...[r.label, `${(r.bytes / 1024).toFixed(1)} KB`, r.app.rps.toFixed(0), `${r.app.p99.toFixed(0)} ms`],
    ...[r.bare.rps.toFixed(0), `${r.bare.p99.toFixed(0)} ms`, r.ratio.toFixed(2)],
    r.ratio >= RATIO_BUDGET && r.app.p99 < P99_BUDGET_MS && r.app.errors === 0 ? "ok" : "OVER",
  ]);
  printTable(title, header, cells, true);
}

/** The budget rows of docs/budgets.md for one data set: the worst page's ratio and p99. */
export function comparisonRows(dataSet: string, results: Comparison[]): Row[] {
  const worstRatio = results.reduce((worst, r) => (r.ratio < worst.ratio ? r : worst));
  const worstP99 = results.reduce((worst, r) => (r.app.p99 > worst.app.p99 ? r : worst));
  const errors = results.reduce((sum, r) => sum + r.app.errors, 0);
  return [
    {
      measure: `public pages (${dataSet}): throughput vs bare Node, same bytes, 50 connections (lowest)`,
      value: `${worstRatio.ratio.toFixed(2)} (${worstRatio.label})${errors ? `, ${errors} errors` : ""}`,
      budget: `>= ${RATIO_BUDGET}`,
      ok: worstRatio.ratio >= RATIO_BUDGET && errors === 0,
    },
    {
      measure: `public pages (${dataSet}): p99 at 50 connections (highest)`,
      value: `${worstP99.app.p99.toFixed(0)} ms (${worstP99.label})`,
      budget: `< ${P99_BUDGET_MS} ms`,
      ok: worstP99.app.p99 < P99_BUDGET_MS,
    },
  ];
}

/** The render cache's counters, from the line the server logs as it stops (LOG_LEVEL=info). */
export function cacheHitRate(log: string): Row {
  const line = log
    .split("\n")
    .reverse()
    .find((entry) => entry.includes('"renderCache"'));
  const stats = line ? (JSON.parse(line) as { renderCache: { hits: number; misses: number } }).renderCache : null;
  const rate = stats ? stats.hits / Math.max(1, stats.hits + stats.misses) : Number.NaN;
  return {
    measure: "render cache hit rate over the run (hits / lookups)",
    value: stats ? `${(rate * 100).toFixed(2)}% (${stats.hits} hits, ${stats.misses} misses)` : "not reported",
  };
}
