// Caddy in front of a launched server, with the very Caddyfile production uses
// (deploy/Caddyfile): only the site's address, the instances (public and signed-in) and the admin endpoint
// come from the environment, as they do in production.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as pause } from "node:timers/promises";
import { freePort, ROOT } from "./server";

export interface Caddy {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

export function caddyInstalled(): boolean {
  try {
    execFileSync("caddy", ["version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

const upstream = (ports: number | number[]) =>
  [ports]
    .flat()
    .map((port) => `127.0.0.1:${port}`)
    .join(" ");

/**
 * Caddy in front of the app on `upstreamPorts` (several: the instances it balances); requests with
 * a session cookie go to `signedIn`'s instances when given, else to the same ones.
 */
export async function startCaddy(
  upstreamPorts: number | number[],
  options: { port?: number; signedIn?: number | number[] } = {},
): Promise<Caddy> {
  const port = options.port ?? (await freePort());
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-caddy-"));
  const config = path.join(ROOT, "deploy/Caddyfile");
  const child: ChildProcess = spawn("caddy", ["run", "--config", config, "--adapter", "caddyfile"], {
    env: {
      PATH: process.env.PATH,
      HOME: home,
      XDG_DATA_HOME: home,
      XDG_CONFIG_HOME: home,
      PLAYFOLIO_SITE: `http://127.0.0.1:${port}`,
      PLAYFOLIO_UPSTREAM: upstream(upstreamPorts),
      PLAYFOLIO_SIGNED_IN_UPSTREAM: upstream(options.signedIn ?? upstreamPorts),
      // Several may run on one machine: no admin endpoint to share.
      PLAYFOLIO_CADDY_ADMIN: "off",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("close", () => resolve()));
  const kill = () => child.exitCode === null && child.signalCode === null && child.kill("SIGKILL");
  process.once("exit", kill);
  const answers = () =>
    fetch(`http://127.0.0.1:${port}/`).then(
      () => true,
      () => false,
    );
  for (const deadline = Date.now() + 20_000; !(await answers()); await pause(100)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      kill();
      throw new Error(`Caddy did not start:\n${output}`);
    }
  }
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    async stop() {
      kill();
      await exited;
      process.off("exit", kill);
      fs.rmSync(home, { recursive: true, force: true });
    },
  };
}
