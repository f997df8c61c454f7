// The built server on a free loopback port and a data dir of its own, watched from outside: what the
// bench, the probes, Lighthouse and the newcomer check run against. By default as an operator starts
// it (`node scripts/start.mjs`, NODE_ENV=production); with `npm`, as a person runs the README's
// command (`npm start`, `npm run demo`) in an environment of PATH and HOME only (and `env`: its data dir
// is the caller's to name there).
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
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

export interface Launched {
  child: ChildProcess;
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

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function launch(
  options: { dataDir?: string; env?: Record<string, string>; npm?: string[]; cwd?: string } = {},
): Promise<Launched> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-run-"));
  const port = await freePort();
  const where = { PORT: String(port), HOST: "127.0.0.1" };
  const [command, args, env] = options.npm
    ? ["npm", options.npm, { PATH: process.env.PATH!, HOME: process.env.HOME!, ...where }]
    : [
        process.execPath,
        ["scripts/start.mjs"],
        { ...process.env, NODE_ENV: "production", ...where, DATA_DIR: dataDir },
      ];
  const child = spawn(command, args, {
    cwd: options.cwd ?? ROOT,
    env: options.npm
      ? { ...env, ...options.env }
      : { ...env, DATABASE_URL: "", PUBLIC_URL: "", LOG_LEVEL: "warn", ...options.env },
    // npm's in a process group of its own, so stopping it stops npm's children too.
    detached: Boolean(options.npm),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
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
      if (!running()) throw new Error(`the server exited before ${what}:\n${output.slice(-3000)}`);
      const value = await done();
      if (value !== undefined) return value;
    }
    throw new Error(`not ${what} within ${timeoutMs} ms:\n${output.slice(-3000)}`);
  };
  return {
    child,
    url,
    port,
    dataDir,
    output: () => output,
    exited,
    healthy: (timeoutMs = 120_000, page = "/healthz") =>
      until(`answering ${page}`, timeoutMs, () =>
        fetch(`${url}${page}`).then(
          (r) => (r.ok ? true : undefined),
          () => undefined,
        ),
      ).then(() => {}),
    printed: (pattern, timeoutMs = 180_000) =>
      until(`printing ${pattern}`, timeoutMs, async () => output.match(pattern) ?? undefined),
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
