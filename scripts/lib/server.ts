// The built server on a free loopback port and a data dir of its own: as an operator starts it
// (`node scripts/start.mjs`), or with `npm` as a newcomer runs it, in an environment of PATH and HOME only.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as pause } from "node:timers/promises";
import { root } from "../build-state.mjs";

export const ROOT = root;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** What `child` has printed so far, stdout and stderr together. */
export function captureOutput(child: ChildProcess): () => string {
  let output = "";
  for (const stream of [child.stdout!, child.stderr!]) stream.on("data", (chunk) => (output += chunk));
  return () => output;
}

export interface Launched {
  url: string;
  port: number;
  dataDir: string;
  output(): string;
  exited: Promise<unknown>;
  /** Resolves once `page` answers 200 (/healthz by default); rejects if the process exits first. */
  healthy(timeoutMs?: number, page?: string): Promise<void>;
  /** Resolves once the output matches `pattern`; rejects if the process exits first. */
  printed(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** SIGKILL, if still running. */
  kill(): Promise<void>;
  /** SIGTERM (a graceful stop), then waits for the exit (SIGKILL after 10 s). */
  stop(): Promise<void>;
}

export async function launch(
  options: { dataDir?: string; env?: Record<string, string>; npm?: string[]; cwd?: string } = {},
): Promise<Launched> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-run-"));
  const port = await freePort();
  const asOperator = { NODE_ENV: "production", DATA_DIR: dataDir, DATABASE_URL: "", PUBLIC_URL: "", LOG_LEVEL: "warn" };
  const env = options.npm ? { PATH: process.env.PATH!, HOME: process.env.HOME! } : { ...process.env, ...asOperator };
  const [command, ...args] = options.npm ? ["npm", ...options.npm] : [process.execPath, "scripts/start.mjs"];
  const child = spawn(command!, args, {
    cwd: options.cwd ?? ROOT,
    env: { ...env, PORT: String(port), HOST: "127.0.0.1", ...options.env },
    // npm's in a process group of its own, so stopping it stops npm's children too.
    detached: Boolean(options.npm),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = captureOutput(child);
  const exited = new Promise((resolve) => child.once("close", resolve));
  const running = () => child.exitCode === null && child.signalCode === null;
  const signal = (name: NodeJS.Signals) => running() && process.kill(options.npm ? -child.pid! : child.pid!, name);
  // Whatever happens to the caller (Ctrl-C, a crash), the server does not outlive it.
  const killOnExit = () => signal("SIGKILL");
  process.once("exit", killOnExit);
  void exited.then(() => process.off("exit", killOnExit));
  const url = `http://127.0.0.1:${port}`;
  const until = async <T>(what: string, timeoutMs: number, done: () => Promise<T | undefined>): Promise<T> => {
    for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await pause(20)) {
      if (!running()) throw new Error(`the server exited before ${what}:\n${output().slice(-3000)}`);
      const value = await done();
      if (value !== undefined) return value;
    }
    throw new Error(`not ${what} within ${timeoutMs} ms:\n${output().slice(-3000)}`);
  };
  return {
    ...{ url, port, dataDir, output, exited },
    async healthy(timeoutMs = 120_000, page = "/healthz") {
      await until(`answering ${page}`, timeoutMs, async () =>
        (await fetch(`${url}${page}`).catch(() => null))?.ok ? true : undefined,
      );
    },
    printed: (pattern, timeoutMs = 180_000) =>
      until(`printing ${pattern}`, timeoutMs, async () => output().match(pattern) ?? undefined),
    async kill() {
      signal("SIGKILL");
      await exited;
    },
    async stop() {
      signal("SIGTERM");
      const killed = setTimeout(() => signal("SIGKILL"), 10_000);
      await exited;
      clearTimeout(killed);
    },
  };
}
