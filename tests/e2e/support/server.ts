// Starts the built server (build/server/index.js) on a free loopback port with
// its own DATA_DIR, copied from a migrated template so it starts in a second.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { schema, type Db } from "~/.server/db";
import { factories, type Factories } from "../../factories";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
// Made by the global setup; workers find it through the environment it sets.
export function templateDir(): string {
  process.env.E2E_TEMPLATE_DIR ??= path.join(os.tmpdir(), `playfolio-e2e-template-${process.pid}`);
  return process.env.E2E_TEMPLATE_DIR;
}

/** The template with an admin account signed in (see isolated.ts), also made by the global setup. */
export function ownedTemplateDir(): string {
  return `${templateDir()}-owned`;
}

/** A fresh data dir holding a copy of the migrated template, for a server started some other way. */
export function copyOfTemplate(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-e2e-"));
  fs.cpSync(templateDir(), dir, { recursive: true });
  return dir;
}

/**
 * Fills a data dir before its server starts. Specs use `make`, the typed
 * factories; `db` is the raw embedded database, for benchmarks that bulk-load.
 */
export type Seed = (context: { dataDir: string; db: PGlite; make: Factories }) => Promise<void>;

export interface RunningServer {
  url: string;
  dataDir: string;
  logFile: string;
  /** The server's process (benchmarks read its CPU time). */
  pid: number;
  /** Stops the server; a data dir it made itself is removed unless `keepData`. */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

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

async function waitForHealth(url: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The server exited (${child.exitCode}):\n${fs.readFileSync(logFile, "utf8")}`);
    }
    try {
      // Not kept alive: a graceful stop waits out idle keep-alive connections (about 4 s).
      const response = await fetch(`${url}/healthz`, { headers: { Connection: "close" } });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server did not answer /healthz within 60 s:\n${fs.readFileSync(logFile, "utf8")}`);
}

/** Resolves once the server counts a public request in flight (its /metrics, loopback only). */
export async function requestSeen(url: string): Promise<void> {
  for (;;) {
    const metrics = await (await fetch(`${url}/metrics`)).text();
    if (/^playfolio_http_requests_in_flight\{pool="public"\} [1-9]/m.test(metrics)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Runs `seed` straight into the (not running) embedded database of `dataDir`. */
async function seedDataDir(dataDir: string, seed: Seed): Promise<void> {
  const db = await PGlite.create({ dataDir: path.join(dataDir, "db") });
  try {
    await seed({ dataDir, db, make: factories(drizzle({ client: db, schema }) as unknown as Db) });
  } finally {
    await db.close();
  }
}

/**
 * A copy of the migrated template (or `template`) seeded once, for a spec whose tests each start
 * a server of their own (different settings) on the same records: pass it as `template`, and
 * remove it when done. Opening the embedded database to seed it costs about 1.5 s of CPU, each
 * time the same seed runs again.
 */
export async function seededTemplate(seed: Seed, template = templateDir()): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-e2e-seeded-"));
  fs.cpSync(template, dir, { recursive: true });
  await seedDataDir(dir, seed);
  return dir;
}

export async function startServer(
  options: {
    dataDir?: string;
    env?: Record<string, string>;
    fromTemplate?: boolean;
    /** The data dir copied when `fromTemplate` (the migrated template by default). */
    template?: string;
    /** Runs before the server starts, with the data dir, the typed factories and the database. */
    seed?: Seed;
  } = {},
): Promise<RunningServer> {
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-e2e-"));
  if (options.fromTemplate !== false) {
    fs.cpSync(options.template ?? templateDir(), dataDir, { recursive: true });
  }
  if (options.seed) await seedDataDir(dataDir, options.seed);
  fs.mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const logFile = path.join(dataDir, "server.log");
  const log = fs.openSync(logFile, "a");
  const child = spawn(process.execPath, ["-e", "import('./build/server/index.js').then((m) => m.main())"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: "",
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      STAFF_EMAIL_DOMAINS: "staff.test",
      // No balancer's health check to wait for: a stopped spec server closes at once.
      DRAIN_NOTICE_MS: "0",
      ...options.env,
    },
    stdio: ["ignore", log, log],
  });
  try {
    await waitForHealth(url, child, logFile);
  } catch (error) {
    // A server that never became healthy is not left running (nobody would stop it).
    child.kill("SIGKILL");
    fs.closeSync(log);
    if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  let stopping: Promise<void> | undefined;
  return {
    url,
    dataDir,
    logFile,
    pid: child.pid!,
    stop(stopOptions = {}) {
      stopping ??= (async () => {
        if (child.exitCode === null) {
          const exited = new Promise((resolve) => child.once("exit", resolve));
          // A server whose data is thrown away has nothing to shut down cleanly: it is killed.
          // A graceful stop waits out this process's idle keep-alive connections (about 3 s
          // each time, some fifty times a run); the drain itself is tested in server-signals.
          child.kill(ownDataDir && !stopOptions.keepData ? "SIGKILL" : "SIGTERM");
          await exited;
        }
        fs.closeSync(log);
        if (ownDataDir && !stopOptions.keepData) fs.rmSync(dataDir, { recursive: true, force: true });
      })();
      return stopping;
    },
  };
}
