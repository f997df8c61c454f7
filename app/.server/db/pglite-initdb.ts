// Creates a new embedded cluster (initdb, or from a template) in a child process: the WebAssembly
// heap it grows is given back when the child exits (decisions 0071, 0086).
import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";

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
  const { stdout } = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", script]).catch(
    (error: { stderr?: string }) => {
      throw new Error(`Could not create the embedded database in ${dataDir}: ${error.stderr?.trim()}`);
    },
  );
  return Math.round(Number(stdout) / 1024);
}
