// The newcomer step of .ci/run (issue 38): the README's `npm start` and `npm run demo`, run the way a
// person runs them (an environment of PATH and HOME only: no NODE_ENV, no CI) on a fresh data dir,
// must answer every public page and, signed in, every admin screen with 200, and log no error.
// The admin screens are read from app/routes.ts (every page module under /admin), so a new one is
// walked without an edit here; a screen with a path parameter takes the first link to it that an
// earlier screen shows. Uses the build .ci/run made (`npm start` builds only when it is stale).
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import { newAccount, signIn as signInOverHttp, signUp } from "../lib/accounts";
import { freePort, ROOT } from "../lib/server";

/** The front door; the sitemap adds every project and gallery page it lists. */
const PUBLIC_PAGES = ["/", "/gallery", "/projects", "/auth", "/auth/forgot-password", "/portal", "/robots.txt"];

interface Run {
  name: string;
  command: string[];
  /** The data dir's variable: `npm run demo` has its own. */
  dataDirVariable: string;
  /** Stands on the data the command starts with: the demo's pages of a project and of a gallery. */
  demo: boolean;
}

const RUNS: Run[] = [
  { name: "npm start", command: ["start"], dataDirVariable: "DATA_DIR", demo: false },
  { name: "npm run demo", command: ["run", "demo"], dataDirVariable: "DEMO_DATA_DIR", demo: true },
];

interface Route {
  pattern: string;
  file: string;
}

function flatten(entries: RouteConfigEntry[], prefix = ""): Route[] {
  return entries.flatMap((entry) => {
    const pattern = entry.path === undefined ? prefix : `${prefix}/${entry.path}`;
    const own = entry.path !== undefined || entry.index ? [{ pattern: pattern || "/", file: entry.file }] : [];
    return [...own, ...flatten(entry.children ?? [], pattern)];
  });
}

const ROUTES = flatten(routes);
/** A screen's module has a component (resource routes, CSV exports and streams do not); the splat is the 404. */
const isScreen = ({ pattern, file }: Route) =>
  /^\/admin(\/|$)/.test(pattern) &&
  !pattern.endsWith("*") &&
  /^export default /m.test(fs.readFileSync(path.join(ROOT, "app", file), "utf8"));
const ADMIN_SCREENS = [...new Set(ROUTES.filter(isScreen).map(({ pattern }) => pattern))];
const STATIC_PATHS = new Set(ROUTES.map(({ pattern }) => pattern).filter((pattern) => !/[:*]/.test(pattern)));

function matcher(pattern: string): RegExp {
  return new RegExp(`^${pattern.replace(/:\w+/g, "[^/]+")}$`);
}

interface Server {
  url: string;
  dataDir: string;
  child: ChildProcess;
  output: () => string;
}

async function launch(run: Run): Promise<Server> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-newcomer-"));
  fs.rmSync(dataDir, { recursive: true }); // fresh: the command makes it
  const port = await freePort();
  const child = spawn("npm", run.command, {
    cwd: ROOT,
    // Its own process group, so stopping it stops npm's children too.
    detached: true,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: "127.0.0.1",
      [run.dataDirVariable]: dataDir,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const ready = run.demo ? /Demo staff login: \S+ \/ \S+/ : /Playfolio is running at/;
  const deadline = Date.now() + 180_000;
  while (!ready.test(output)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`${run.name} did not start (exit ${child.exitCode}):\n${output.slice(-3000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url: `http://127.0.0.1:${port}`, dataDir, child, output: () => output };
}

async function stop(server: Server): Promise<void> {
  const closed = new Promise((resolve) => server.child.once("close", resolve));
  process.kill(-server.child.pid!, "SIGTERM");
  const killed = setTimeout(() => process.kill(-server.child.pid!, "SIGKILL"), 5_000);
  await closed;
  clearTimeout(killed);
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}

/** The lines a person would read as an error: pino's error and fatal, or a stack trace. */
function errorLines(output: string): string[] {
  return output.split("\n").filter((line) => {
    if (line.startsWith("{")) {
      try {
        return (JSON.parse(line) as { level?: number }).level! >= 50;
      } catch {
        return false;
      }
    }
    return /^\s+at \S/.test(line) || /^\w*Error\b/.test(line);
  });
}

interface Answer {
  status: number;
  /** Where a redirect ended. */
  path: string;
  body: string;
}

async function get(server: Server, url: string, cookie = ""): Promise<Answer> {
  const response = await fetch(`${server.url}${url}`, { headers: cookie ? { cookie } : {} });
  return { status: response.status, path: new URL(response.url).pathname, body: await response.text() };
}

function failure(url: string, answer: Answer): string | null {
  if (answer.status !== 200) return `${url} answered ${answer.status}`;
  if (answer.path === "/auth" && url !== "/auth") return `${url} sent the signed-in account to /auth`;
  return null;
}

async function publicPages(server: Server, run: Run, failures: string[]): Promise<number> {
  const sitemap = await get(server, "/sitemap.xml");
  const listed = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  if (run.demo) {
    if (!listed.some((url) => url.startsWith("/gallery/"))) failures.push("the sitemap lists no gallery page");
    if (!listed.some((url) => !STATIC_PATHS.has(url) && !url.startsWith("/gallery/"))) {
      failures.push("the sitemap lists no project page");
    }
  }
  const urls = [...new Set(["/sitemap.xml", ...PUBLIC_PAGES, ...listed])];
  for (const url of urls) {
    const problem = failure(url, url === "/sitemap.xml" ? sitemap : await get(server, url));
    if (problem) failures.push(problem);
  }
  return urls.length;
}

/** Every admin screen: those without a parameter, then each with the first link to it a walked screen shows. */
async function adminScreens(server: Server, cookie: string, failures: string[]) {
  const pending = new Set(ADMIN_SCREENS);
  const links = new Set<string>();
  let walked = 0;
  for (let progress = true; progress;) {
    progress = false;
    for (const pattern of pending) {
      const matches = matcher(pattern);
      const url = pattern.includes(":")
        ? [...links].find((link) => matches.test(link) && !STATIC_PATHS.has(link))
        : pattern;
      if (url === undefined) continue;
      pending.delete(pattern);
      progress = true;
      walked += 1;
      const answer = await get(server, url, cookie);
      const problem = failure(url, answer);
      if (problem) failures.push(problem);
      for (const [, link] of answer.body.matchAll(/href="(\/admin\/[^"?#]*)/g)) links.add(link!);
    }
  }
  return { walked, notLinked: [...pending] };
}

async function signIn(server: Server, run: Run): Promise<string> {
  if (!run.demo) return signUp(server.url, newAccount("Newcomer")); // a fresh install: the first sign-up is the administrator
  const [, email, password] = server.output().match(/Demo staff login: (\S+) \/ (\S+)/)!;
  return signInOverHttp(server.url, { email: email!, password: password! });
}

async function check(run: Run): Promise<string[]> {
  const started = performance.now();
  const server = await launch(run);
  const startedIn = ((performance.now() - started) / 1000).toFixed(1);
  const failures: string[] = [];
  let summary = "";
  try {
    const pages = await publicPages(server, run, failures);
    const { walked, notLinked } = await adminScreens(server, await signIn(server, run), failures);
    summary = `${pages} public pages, ${walked} admin screens`;
    if (notLinked.length > 0) summary += ` (no link to ${notLinked.join(", ")})`;
  } catch (error) {
    failures.push(String(error));
  } finally {
    await stop(server);
  }
  const errors = errorLines(server.output());
  if (errors.length > 0) failures.push(`its log has ${errors.length} error lines:\n${errors.slice(0, 12).join("\n")}`);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const verdict = failures.length ? "" : ", all 200, no error logged";
  console.log(`${run.name}: answered in ${startedIn} s; ${summary} in ${seconds} s${verdict}`);
  return failures.map((line) => `${run.name}: ${line}`);
}

// Side by side: the demo spends most of its time seeding, which the other run does not.
const outcomes = await Promise.allSettled(RUNS.map(check));
const failures = outcomes.flatMap((outcome) =>
  outcome.status === "fulfilled" ? outcome.value : [String(outcome.reason)],
);
for (const line of failures) console.error(line);
process.exitCode = failures.length > 0 ? 1 : 0;
