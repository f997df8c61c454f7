// The newcomer step of .ci/run (issue 38): the README's `npm start` and `npm run demo`, run the way a
// person runs them (an environment of PATH and HOME only: no NODE_ENV, no CI) on a fresh data dir,
// must answer every public page and, signed in, every admin screen with 200, and log no error.
// The admin screens are read from app/routes.ts (every page module under /admin), so a new one is
// walked without an edit here; a screen with a path parameter takes the first link to it that an
// earlier screen shows. Uses the build .ci/run made (`npm start` builds only when it is stale).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import { newAccount, signIn, signUp } from "../lib/accounts";
import { launch, type Launched, ROOT } from "../lib/server";

/** The front door; the sitemap adds every project and gallery page it lists. */
const PUBLIC_PAGES = ["/", "/gallery", "/projects", "/auth", "/auth/forgot-password", "/portal", "/robots.txt"];

/** Each command, the data dir's variable (`npm run demo` has its own) and what it prints once it answers. */
const RUNS = [
  { name: "npm start", npm: ["start"], dataDir: "DATA_DIR", ready: /Playfolio is running at/, demo: false },
  {
    name: "npm run demo",
    npm: ["run", "demo"],
    dataDir: "DEMO_DATA_DIR",
    ready: /Demo staff login: (\S+) \/ (\S+)/,
    demo: true,
  },
];

const flatten = (entries: RouteConfigEntry[], prefix = ""): { pattern: string; file: string }[] =>
  entries.flatMap((entry) => {
    const pattern = entry.path === undefined ? prefix : `${prefix}/${entry.path}`;
    const own = entry.path !== undefined || entry.index ? [{ pattern: pattern || "/", file: entry.file }] : [];
    return [...own, ...flatten(entry.children ?? [], pattern)];
  });
const ROUTES = flatten(routes);
/** A screen's module has a component (resource routes, CSV exports and streams do not); the splat is the 404. */
const ADMIN_SCREENS = new Set(
  ROUTES.filter(
    ({ pattern, file }) =>
      /^\/admin(\/|$)/.test(pattern) &&
      !pattern.endsWith("*") &&
      /^export default /m.test(fs.readFileSync(path.join(ROOT, "app", file), "utf8")),
  ).map(({ pattern }) => pattern),
);
const STATIC_PATHS = new Set(ROUTES.map(({ pattern }) => pattern).filter((pattern) => !/[:*]/.test(pattern)));

/** The lines a person would read as an error: pino's error and fatal, or a stack trace. */
const errorLines = (output: string) =>
  output.split("\n").filter((line) => {
    if (!line.startsWith("{")) return /^\s+at \S/.test(line) || /^\w*Error\b/.test(line);
    try {
      return (JSON.parse(line) as { level?: number }).level! >= 50;
    } catch {
      return false;
    }
  });

/** GETs `url`; answers its body, and adds to `failures` unless it is a 200 that did not end at /auth. */
async function visit(server: Launched, url: string, failures: string[], cookie = ""): Promise<string> {
  const response = await fetch(`${server.url}${url}`, { headers: cookie ? { cookie } : {} });
  if (response.status !== 200) failures.push(`${url} answered ${response.status}`);
  else if (new URL(response.url).pathname === "/auth" && url !== "/auth") {
    failures.push(`${url} sent the signed-in account to /auth`);
  }
  return response.text();
}

/**
 * NEWCOMER_KEEP_DEMO_DATA_DIR=<path>: the demo run's data dir is <path> (which must not exist: the
 * command makes it, as for a newcomer), kept after a run that passed. .ci/run hands it to
 * `npm run lighthouse` (LIGHTHOUSE_DATA_DIR), which would otherwise seed the same demo data again.
 */
const keptDemoDataDir = process.env.NEWCOMER_KEEP_DEMO_DATA_DIR;
if (keptDemoDataDir && fs.existsSync(keptDemoDataDir)) {
  throw new Error(`NEWCOMER_KEEP_DEMO_DATA_DIR: ${keptDemoDataDir} exists; the demo must make its data dir itself`);
}

async function check(run: (typeof RUNS)[number]): Promise<string[]> {
  const started = performance.now();
  const keep = run.demo && keptDemoDataDir ? path.resolve(keptDemoDataDir) : undefined;
  // Fresh: the command makes it.
  const dataDir = keep ?? path.join(fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-newcomer-")), "data");
  const server = await launch({ npm: run.npm, dataDir, env: { [run.dataDir]: dataDir } });
  const failures: string[] = [];
  let summary = "";
  let startedIn = "";
  try {
    const [, email, password] = await server.printed(run.ready);
    startedIn = ((performance.now() - started) / 1000).toFixed(1);
    const sitemap = await visit(server, "/sitemap.xml", failures);
    const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    if (run.demo && !listed.some((url) => url.startsWith("/gallery/")))
      failures.push("the sitemap lists no gallery page");
    if (run.demo && !listed.some((url) => !STATIC_PATHS.has(url) && !url.startsWith("/gallery/"))) {
      failures.push("the sitemap lists no project page");
    }
    const pages = [...new Set([...PUBLIC_PAGES, ...listed])].filter((url) => url !== "/sitemap.xml");
    for (const url of pages) await visit(server, url, failures);
    // A fresh install: the first sign-up is the administrator; the demo prints its login.
    const cookie = run.demo
      ? await signIn(server.url, { email: email!, password: password! })
      : await signUp(server.url, newAccount("Newcomer"));
    // Every admin screen: those without a parameter, then each with the first link to it a walked screen shows.
    const [pending, links] = [new Set(ADMIN_SCREENS), new Set<string>()];
    for (let progress = true; progress;) {
      progress = false;
      for (const pattern of pending) {
        const matches = new RegExp(`^${pattern.replace(/:\w+/g, "[^/]+")}$`);
        const url = pattern.includes(":")
          ? [...links].find((link) => matches.test(link) && !STATIC_PATHS.has(link))
          : pattern;
        if (url === undefined) continue;
        pending.delete(pattern);
        progress = true;
        const body = await visit(server, url, failures, cookie);
        for (const [, link] of body.matchAll(/href="(\/admin\/[^"?#]*)/g)) links.add(link!);
      }
    }
    summary = `${pages.length + 1} public pages, ${ADMIN_SCREENS.size - pending.size} admin screens`;
    if (pending.size > 0) summary += ` (no link to ${[...pending].join(", ")})`;
  } catch (error) {
    failures.push(String(error));
  } finally {
    await server.stop();
    if (!keep) fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  }
  const errors = errorLines(server.output());
  if (errors.length > 0) failures.push(`its log has ${errors.length} error lines:\n${errors.slice(0, 12).join("\n")}`);
  // Only a data dir the demo filled and served without a fault is worth measuring.
  if (keep && failures.length > 0) fs.rmSync(keep, { recursive: true, force: true });
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
