// The built server started as an operator starts it (`node scripts/start.mjs`) on a free loopback
// port and a data dir of its own, and watched from outside: what the bench, the probes and the
// newcomer check run against.
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
  /** Resolves once /healthz answers 200; rejects if the process exits first. */
  healthy(timeoutMs?: number): Promise<void>;
  /** SIGKILL, if still running. */
  kill(): Promise<void>;
  /** SIGTERM (a graceful stop), then waits for the exit. */
  stop(): Promise<void>;
}

export async function launch(options: { dataDir?: string; env?: Record<string, string> } = {}): Promise<Launched> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-run-"));
  const port = await freePort();
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      PUBLIC_URL: "",
      LOG_LEVEL: "warn",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once("close", resolve));
  const running = () => child.exitCode === null && child.signalCode === null;
  // Whatever happens to the caller (Ctrl-C, a crash), the server does not outlive it.
  const killOnExit = () => running() && child.kill("SIGKILL");
  process.once("exit", killOnExit);
  void exited.then(() => process.off("exit", killOnExit));
  const url = `http://127.0.0.1:${port}`;
  const end = async (signal: NodeJS.Signals) => {
    if (running()) child.kill(signal);
    await exited;
  };
  return {
    child,
    url,
    port,
    dataDir,
    output: () => output,
    exited,
    async healthy(timeoutMs = 120_000) {
      for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
        if (!running()) throw new Error(`the server exited before answering:\n${output}`);
        if (
          await fetch(`${url}/healthz`).then(
            (r) => r.ok,
            () => false,
          )
        )
          return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`no healthy answer within ${timeoutMs} ms:\n${output}`);
    },
    kill: () => end("SIGKILL"),
    stop: () => end("SIGTERM"),
  };
}
