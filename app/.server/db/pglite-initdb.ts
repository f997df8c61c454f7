// Creates a new embedded database cluster in a child process, by initdb or from
// a template (a tar of a migrated data dir, decision 0086). PGlite's initdb
// runs a second database instance plus initdb's own WebAssembly (about 800 MB
// for a few seconds); in the server's process that memory stayed resident for
// good (measured: 510 MB idle after a first start, 385 MB after a restart). In a
// child it goes back to the system when the child exits. Loading a template
// grows the WebAssembly heap too (437 MB resident afterwards in the server's
// process, 300 MB after a restart), so it happens in the child as well.
import { spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

export function needsInitdb(dataDir: string): boolean {
  return !fs.existsSync(path.join(dataDir, "PG_VERSION"));
}

/** Resolves with the child's peak resident memory in MB. */
export async function initdbInChildProcess(dataDir: string, startParams: string[], template?: string): Promise<number> {
  const pglite = pathToFileURL(createRequire(import.meta.url).resolve("@electric-sql/pglite")).href;
  const script = `
    const { PGlite } = await import(${JSON.stringify(pglite)});
    const { readFileSync } = await import("node:fs");
    const template = ${JSON.stringify(template ?? null)};
    const loadDataDir = template ? new Blob([readFileSync(template)]) : undefined;
    const db = await PGlite.create({ dataDir: ${JSON.stringify(dataDir)}, startParams: ${JSON.stringify(startParams)}, loadDataDir });
    await db.close();
    process.stdout.write(String(process.resourceUsage().maxRSS));`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", resolve);
  });
  if (code !== 0) throw new Error(`Could not create the embedded database in ${dataDir}: ${stderr.trim()}`);
  return Math.round(Number(stdout) / 1024);
}
