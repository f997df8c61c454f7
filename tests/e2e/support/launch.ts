// Starts the built server the way an operator would — `npm start`, `node
// scripts/start.mjs`, or as pid 1 of a fresh PID namespace (a container) — on a
// free loopback port, and watches it from outside.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { freePort, ROOT } from "./server";

export { freePort, ROOT };

export interface Launched {
  child: ChildProcess;
  /** The pid of the server process itself (npm's child under `npm start`; pid 1 inside a namespace). */
  serverPid(): number;
  url: string;
  port: number;
  dataDir: string;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves once /healthz answers 200; rejects if the process exits first. */
  healthy(timeoutMs?: number): Promise<void>;
  /** SIGKILL to everything it started, if still running. */
  kill(): Promise<void>;
}

export type Via = "npm" | "node" | "pid1";

function childrenOf(pid: number): number[] {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim().split(/\s+/))
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

function descendantsOf(pid: number): number[] {
  return childrenOf(pid).flatMap((child) => [child, ...descendantsOf(child)]);
}

// A process is known by its pid and start time (field 22 of /proc/PID/stat), so a reused pid is never taken for it.
function identity(pid: number): string | undefined {
  try {
    return `${pid}:${fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ")[19]}`;
  } catch {
    return undefined;
  }
}

export function canUsePidNamespaces(): boolean {
  if (process.getuid?.() !== 0) return false;
  const probe = spawn("unshare", ["-fp", "--kill-child", "true"], { stdio: "ignore" });
  return probe.pid !== undefined;
}

export async function launch(
  options: { via?: Via; dataDir?: string; env?: Record<string, string>; port?: number } = {},
): Promise<Launched> {
  const via = options.via ?? "node";
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-probe-"));
  const port = options.port ?? (await freePort());
  const env = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    PUBLIC_URL: "",
    LOG_LEVEL: "info",
    ...options.env,
  };
  const [command, args] =
    via === "npm"
      ? ["npm", ["start", "--silent"]]
      : via === "pid1"
        ? ["unshare", ["-fp", "--kill-child", "--mount-proc", process.execPath, "scripts/start.mjs"]]
        : [process.execPath, ["scripts/start.mjs"]];
  const child = spawn(command, args as string[], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    // "close", not "exit": the output is complete by then (and every process holding it is gone).
    child.once("close", (code, signal) => resolve({ code, signal })),
  );
  // Whatever happens to the caller (a test timing out, Ctrl-C), the server does not outlive it.
  const killOnExit = () => {
    for (const pid of [...descendantsOf(child.pid!), child.pid!]) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // gone
      }
    }
  };
  process.once("exit", killOnExit);
  void exited.then(() => process.off("exit", killOnExit));
  const url = `http://127.0.0.1:${port}`;
  // Everything it started, as seen once it answered: kill() must not leave an orphan behind.
  let started: string[] = [];
  const serverPid = () => {
    if (via === "node") return child.pid!;
    // npm → node (npm start execs node), unshare → node: the one child.
    const [pid] = childrenOf(child.pid!);
    if (!pid) throw new Error(`no server process under ${via} (pid ${child.pid})`);
    return pid;
  };
  return {
    child,
    serverPid,
    url,
    port,
    dataDir,
    output: () => output,
    exited,
    async healthy(timeoutMs = 120_000) {
      const deadline = Date.now() + timeoutMs;
      let gone = false;
      void exited.then(() => (gone = true));
      while (Date.now() < deadline) {
        if (gone) throw new Error(`the server exited before answering:\n${output}`);
        try {
          if ((await fetch(`${url}/healthz`)).ok) {
            started = descendantsOf(child.pid!).flatMap((pid) => identity(pid) ?? []);
            return;
          }
        } catch {
          // not listening yet
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`no healthy answer within ${timeoutMs} ms:\n${output}`);
    },
    async kill() {
      const running = child.exitCode === null && child.signalCode === null;
      const alive = started
        .filter((id) => identity(Number(id.split(":")[0])) === id)
        .map((id) => Number(id.split(":")[0]));
      for (const pid of [...alive, ...(running ? [child.pid!] : [])]) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // already gone
        }
      }
      if (running) await exited;
    },
  };
}

/** Whether anything still accepts connections on the port. */
export function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}
