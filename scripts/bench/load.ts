// Latency and throughput of one URL with autocannon: p95 and p99 from every
// response's own time (autocannon itself reports p90 and p97.5).
import autocannon from "autocannon";
import { percentile } from "./table";

/**
 * One of the app's cookies: the app renders the page itself and the render
 * cache stays out of it, for the figures that are about rendering.
 */
export const RENDERED = { cookie: "playfolio.bench=render" };

export async function load(url: string, connections: number, seconds: number, headers: Record<string, string> = {}) {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: seconds, headers }, (error, done) =>
      error ? reject(error) : resolve(done),
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  return {
    rps: result.requests.average,
    /** Every answer with a 2xx status. */
    answered: result["2xx"],
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: result.errors + result.non2xx,
  };
}

/** Database round trips of one render, from its Server-Timing header. */
export async function roundTrips(url: string): Promise<number> {
  const timing = (await fetch(url, { headers: RENDERED })).headers.get("server-timing") ?? "";
  return Number(/db;desc="(\d+) queries"/.exec(timing)?.[1] ?? Number.NaN);
}
