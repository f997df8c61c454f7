// A load client that behaves like a well-mannered HTTP/1.1 client: keep-alive
// connections, a new connection after a response that says `Connection: close`,
// and every request classified by what happened to it.
import { spawn } from "node:child_process";
import http from "node:http";
import { monitorEventLoopDelay } from "node:perf_hooks";
import path from "node:path";
import { fileURLToPath } from "node:url";

export interface LoadResult {
  /** Answered with any status but 503. */
  ok: number;
  /** Answered 503 (overload or outage). */
  unavailable: number;
  /** Of those, the ones that did not say when to come back. */
  unavailableWithoutRetryAfter: number;
  /** Sent, then lost: reset, cut off, or no answer. What must never happen. */
  failed: number;
  /** Refused before anything was sent (the server no longer listens). Safe to retry elsewhere. */
  refused: number;
  /** Latencies in ms of the answered requests, by whether they were 503. */
  latencies: { ok: number[]; unavailable: number[] };
  statuses: Record<number, number>;
  errors: Record<string, number>;
  /** The slowest requests, slowest first, with where their time went. */
  slowest: SlowRequest[];
  /** The longest this client's own event loop was held up: its figures include that much of its own. */
  clientStallMs: number;
}

export interface SlowRequest {
  path: string;
  /** Status, or the error that ended it. */
  outcome: number | string;
  ms: number;
  /** When it started, in seconds from the start of the load. */
  at: number;
  /** On a new connection: when it was connected, in ms from the start of the request. */
  connectedMs?: number;
}

const SLOWEST_KEPT = 5;

export interface LoadOptions {
  url: string;
  /** Paths to request, in turn; `{n}` in a path becomes a number never used before (a page no cache holds). */
  paths: string[];
  connections: number;
  /** Stop after this long… */
  durationMs?: number;
  /** …or when this resolves (each worker finishes the request it is making). */
  until?: Promise<unknown>;
  headers?: Record<string, string>;
  /** Give up on one request after this long (counted as failed). */
  timeoutMs?: number;
  /** Pause between a worker's requests. */
  pauseMs?: number;
  /** Stop a worker after a refused connection instead of retrying. */
  stopWhenRefused?: boolean;
  /** After a 503 with Retry-After, wait that long before this worker's next request (as the spec asks). */
  honourRetryAfter?: boolean;
  /** Filled as requests are answered (to watch the load while it runs). */
  into?: LoadResult;
}

export function emptyResult(): LoadResult {
  return {
    ok: 0,
    unavailable: 0,
    unavailableWithoutRetryAfter: 0,
    failed: 0,
    refused: 0,
    latencies: { ok: [], unavailable: [] },
    statuses: {},
    errors: {},
    slowest: [],
    clientStallMs: 0,
  };
}

function noteSlow(result: LoadResult, request: SlowRequest) {
  const { slowest } = result;
  if (slowest.length === SLOWEST_KEPT && request.ms <= slowest[SLOWEST_KEPT - 1]!.ms) return;
  slowest.push(request);
  slowest.sort((a, b) => b.ms - a.ms);
  slowest.length = Math.min(slowest.length, SLOWEST_KEPT);
}

function once(
  agent: http.Agent,
  url: URL,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<
  ({ status: number; retryAfter?: number } | { error: string; sent: boolean }) & { ms: number; connectedMs?: number }
> {
  return new Promise((resolve) => {
    const started = performance.now();
    let sent = false;
    let connectedMs: number | undefined;
    const req = http.request(url, { agent, headers }, (res) => {
      res.resume();
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          ms: performance.now() - started,
          connectedMs,
          retryAfter: Number(res.headers["retry-after"]) || undefined,
        }),
      );
      res.on("error", (error: NodeJS.ErrnoException) =>
        resolve({ error: error.code ?? error.message, sent: true, ms: performance.now() - started, connectedMs }),
      );
    });
    req.on("socket", (socket) => {
      // Connected (or reused): from now on the request is on the wire.
      if (!socket.connecting) sent = true;
      else
        socket.once("connect", () => {
          sent = true;
          connectedMs = performance.now() - started;
        });
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error("timeout")));
    req.on("error", (error: NodeJS.ErrnoException) =>
      resolve({ error: error.code ?? error.message, sent, ms: performance.now() - started, connectedMs }),
    );
    req.end();
  });
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const result = options.into ?? emptyResult();
  const deadline = options.durationMs ? Date.now() + options.durationMs : Infinity;
  let stopped = false;
  void options.until?.then(() => (stopped = true));
  const base = new URL(options.url);
  let fresh = 0;
  const began = performance.now();
  const stalls = monitorEventLoopDelay({ resolution: 10 });
  stalls.enable();
  const worker = async (index: number) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    let turn = index;
    while (!stopped && Date.now() < deadline) {
      const path = options.paths[turn++ % options.paths.length]!.replace("{n}", () => String(fresh++));
      const url = new URL(path, base);
      const at = (performance.now() - began) / 1000;
      const outcome = await once(agent, url, options.headers ?? {}, options.timeoutMs ?? 30_000);
      noteSlow(result, {
        path,
        outcome: "status" in outcome ? outcome.status : outcome.error,
        ms: Math.round(outcome.ms),
        at: Math.round(at * 10) / 10,
        connectedMs: outcome.connectedMs === undefined ? undefined : Math.round(outcome.connectedMs),
      });
      if ("status" in outcome) {
        result.statuses[outcome.status] = (result.statuses[outcome.status] ?? 0) + 1;
        if (outcome.status === 503) {
          result.unavailable++;
          if (!outcome.retryAfter) result.unavailableWithoutRetryAfter++;
          result.latencies.unavailable.push(outcome.ms);
          if (options.honourRetryAfter && outcome.retryAfter) {
            await Promise.race([
              new Promise((resolve) => setTimeout(resolve, outcome.retryAfter! * 1000)),
              options.until,
            ]);
          }
        } else {
          result.ok++;
          result.latencies.ok.push(outcome.ms);
        }
      } else {
        result.errors[outcome.error] = (result.errors[outcome.error] ?? 0) + 1;
        if (outcome.error === "ECONNREFUSED" && !outcome.sent) {
          result.refused++;
          if (options.stopWhenRefused) break;
        } else result.failed++;
      }
      if (options.pauseMs) await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
    }
    agent.destroy();
  };
  await Promise.all(Array.from({ length: options.connections }, (_, index) => worker(index)));
  stalls.disable();
  result.clientStallMs = Math.max(result.clientStallMs, Math.round(stalls.max / 1e6));
  return result;
}

export const max = (values: number[]) => values.reduce((a, b) => Math.max(a, b), 0);

/**
 * runLoad in a process of its own. A client that has just made hundreds of
 * thousands of requests measures its own pauses: the load probe's second crowd,
 * run in the same process as the first, saw answers "take" seconds that a fresh
 * client saw take milliseconds. Each crowd gets a fresh client this way.
 */
export async function runLoadInChild(options: Omit<LoadOptions, "until" | "into">): Promise<LoadResult> {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), "load-child.ts");
  // Under tsx, execArgv carries its loader, so the child runs TypeScript too.
  const child = spawn(process.execPath, [...process.execArgv, script, JSON.stringify(options)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", resolve);
  });
  if (code !== 0) throw new Error(`the load client exited with code ${code}`);
  return JSON.parse(output) as LoadResult;
}
