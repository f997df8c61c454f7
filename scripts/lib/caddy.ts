// Caddy in front of launched servers with production's own deploy/Caddyfile: only the site's address,
// the instances (public and signed-in) and the admin endpoint come from the environment, as there.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as pause } from "node:timers/promises";
import { captureOutput, freePort, ROOT } from "./server";

export interface Caddy {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

export const caddyInstalled = () => spawnSync("caddy", ["version"], { stdio: "ignore" }).status === 0;

const upstream = (ports: number | number[]) =>
  (Array.isArray(ports) ? ports : [ports]).map((p) => `127.0.0.1:${p}`).join(" ");

/** Caddy before `upstreamPorts` (several: balanced); requests with a session cookie go to `signedIn`'s, if given. */
export async function startCaddy(
  upstreamPorts: number | number[],
  options: { port?: number; signedIn?: number | number[] } = {},
): Promise<Caddy> {
  const port = options.port ?? (await freePort());
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-caddy-"));
  const config = path.join(ROOT, "deploy/Caddyfile");
  const child: ChildProcess = spawn("caddy", ["run", "--config", config, "--adapter", "caddyfile"], {
    env: {
      ...{ PATH: process.env.PATH, HOME: home, XDG_DATA_HOME: home, XDG_CONFIG_HOME: home },
      PLAYFOLIO_SITE: `http://127.0.0.1:${port}`,
      PLAYFOLIO_UPSTREAM: upstream(upstreamPorts),
      PLAYFOLIO_SIGNED_IN_UPSTREAM: upstream(options.signedIn ?? upstreamPorts),
      // Several may run on one machine: no admin endpoint to share.
      PLAYFOLIO_CADDY_ADMIN: "off",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = captureOutput(child);
  const exited = new Promise<void>((resolve) => child.once("close", () => resolve()));
  const kill = () => child.exitCode === null && child.signalCode === null && child.kill("SIGKILL");
  process.once("exit", kill);
  const url = `http://127.0.0.1:${port}`;
  const answers = async () => Boolean(await fetch(`${url}/`).catch(() => null));
  for (const deadline = Date.now() + 20_000; !(await answers()); await pause(100)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      kill();
      throw new Error(`Caddy did not start:\n${output()}`);
    }
  }
  return {
    url,
    output,
    async stop() {
      kill();
      await exited;
      process.off("exit", kill);
      fs.rmSync(home, { recursive: true, force: true });
    },
  };
}
