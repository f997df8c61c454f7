// Keep-alive clients the way a browser or a balancer behaves during a drain:
// each connection is reused until the server says `Connection: close`, a 503's
// Retry-After is honoured, and every request is classified by what happened to
// it (autocannon, the probes' load tool, reconnects and retries on its own, so
// it cannot tell a lost request from a refused connection).
import http from "node:http";

export interface DrainLoad {
  /** Answered with any status. */
  ok: number;
  /** Sent, then lost: reset, cut off, or no answer. What a drain must never cause. */
  failed: number;
  /** Refused before anything was sent (the server no longer listens): safe to retry elsewhere. */
  refused: number;
  errors: Record<string, number>;
}

type Outcome = { status: number; retryAfter?: number } | { error: string; sent: boolean };

function once(agent: http.Agent, url: URL): Promise<Outcome> {
  return new Promise((resolve) => {
    let sent = false;
    const req = http.request(url, { agent }, (res) => {
      res.resume();
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, retryAfter: Number(res.headers["retry-after"]) || undefined }),
      );
      res.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message, sent: true }));
    });
    req.on("socket", (socket) => {
      // Connected (or reused): from now on the request is on the wire.
      if (!socket.connecting) sent = true;
      else socket.once("connect", () => (sent = true));
    });
    req.setTimeout(30_000, () => req.destroy(new Error("timeout")));
    req.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message, sent }));
    req.end();
  });
}

/** `connections` clients requesting `paths` in turn until `until` resolves or the server stops listening. */
export async function drainLoad(options: {
  url: string;
  paths: string[];
  connections: number;
  until: Promise<unknown>;
  /** Filled as requests are answered, to watch the load while it runs. */
  into: DrainLoad;
}): Promise<DrainLoad> {
  const result = options.into;
  let stopped = false;
  void options.until.then(() => (stopped = true));
  const worker = async (index: number) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    for (let turn = index; !stopped; turn++) {
      const outcome = await once(agent, new URL(options.paths[turn % options.paths.length]!, options.url));
      if ("status" in outcome) {
        result.ok++;
        if (outcome.status === 503 && outcome.retryAfter) {
          await Promise.race([
            new Promise((resolve) => setTimeout(resolve, outcome.retryAfter! * 1000)),
            options.until,
          ]);
        }
        continue;
      }
      result.errors[outcome.error] = (result.errors[outcome.error] ?? 0) + 1;
      if (outcome.error === "ECONNREFUSED" && !outcome.sent) {
        result.refused++;
        break;
      }
      result.failed++;
    }
    agent.destroy();
  };
  await Promise.all(Array.from({ length: options.connections }, (_, index) => worker(index)));
  return result;
}

export const noLoadYet = (): DrainLoad => ({ ok: 0, failed: 0, refused: 0, errors: {} });
