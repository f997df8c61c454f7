// Latency and throughput of one URL with autocannon: p95 from every
// response's own time (autocannon itself reports p90 and p97.5).
import autocannon from "autocannon";
import { percentile } from "./table";

export async function load(url: string, connections: number, seconds: number) {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: seconds }, (error, done) =>
      error ? reject(error) : resolve(done),
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  return { rps: result.requests.average, p95: percentile(latencies, 95), errors: result.errors + result.non2xx };
}

/** Database round trips of one request, from its Server-Timing header. */
export async function roundTrips(url: string): Promise<number> {
  const timing = (await fetch(url)).headers.get("server-timing") ?? "";
  return Number(/db;desc="(\d+) queries"/.exec(timing)?.[1] ?? Number.NaN);
}
