// A throwaway PostgreSQL on a free loopback port, as scripts/ci/postgres.sh
// starts it (as the postgres user when we are root), that a test or a probe may stop,
// start again, or freeze with SIGSTOP.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../e2e/support/server";

export interface Postgres {
  url: string;
  stop(): void;
  start(): void;
  /** SIGSTOP (or SIGCONT) to the postmaster and every backend. */
  freeze(frozen: boolean): void;
  destroy(): void;
}

export function postgresBin(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!fs.existsSync(root)) return undefined;
  const versions = fs.readdirSync(root).sort((a, b) => Number(a) - Number(b));
  const bin = versions.length ? path.join(root, versions.at(-1)!, "bin") : undefined;
  return bin && fs.existsSync(path.join(bin, "initdb")) ? bin : undefined;
}

export async function startPostgres(): Promise<Postgres> {
  const bin = postgresBin();
  if (!bin) throw new Error("PostgreSQL is not installed (apt-get install postgresql)");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-probe-pg-"));
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync("chown", ["postgres:postgres", dir]);
  const run = (command: string, args: string[]) =>
    execFileSync(asRoot ? "runuser" : command, asRoot ? ["-u", "postgres", "--", command, ...args] : args, {
      stdio: "pipe",
    });
  const data = path.join(dir, "data");
  run(path.join(bin, "initdb"), ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8"]);
  const pgCtl = (action: string, extra: string[] = []) =>
    run(path.join(bin, "pg_ctl"), ["-D", data, "-l", path.join(dir, "server.log"), "-w", "-t", "60", ...extra, action]);
  const options = ["-o", `-h 127.0.0.1 -p ${port} -k ${dir} -F`];
  pgCtl("start", options);
  const postmaster = () => Number(fs.readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0]);
  const backends = (pid: number) =>
    fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim().split(/\s+/))
      .filter(Boolean)
      .map(Number);
  const freeze = (frozen: boolean) => {
    const main = postmaster();
    for (const pid of [main, ...backends(main)]) {
      try {
        process.kill(pid, frozen ? "SIGSTOP" : "SIGCONT");
      } catch (error) {
        // A backend may end between listing the postmaster's children and signalling it.
        if ((error as NodeJS.ErrnoException).code !== "ESRCH") throw error;
      }
    }
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => pgCtl("stop", ["-m", "immediate"]),
    start: () => pgCtl("start", options),
    freeze,
    destroy() {
      try {
        freeze(false);
        pgCtl("stop", ["-m", "immediate"]);
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
