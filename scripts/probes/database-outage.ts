// The server on a real PostgreSQL that is stopped, then frozen with SIGSTOP
// (a throwaway server of the probe's own): while it is out no request waits
// longer than 2 s — uncached pages and staff pages answer 503 with Retry-After
// and a friendly page, the pages the render cache holds are still answered from
// memory — the log says "database unavailable" once per outage, and the server
// recovers by itself within 1 s of the database answering again.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { newAccount, signUpOverHttp } from "../../tests/e2e/support/accounts";
import type { ProbeResult } from "./lib/probe";
import { seconds } from "./lib/probe";
import { postgresBin, startPostgres } from "../../tests/helpers/postgres";
import { requiredInCi } from "../../tests/helpers/required-tool";
import { launch } from "../../tests/e2e/support/launch";

interface Answer {
  path: string;
  status: number;
  retryAfter: string | null;
  ms: number;
  friendly: boolean;
}

async function page(url: string, path: string, cookie?: string): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(`${url}${path}`, {
    headers: { Accept: "text/html", ...(cookie ? { Cookie: cookie } : {}) },
    redirect: "manual",
    signal: AbortSignal.timeout(30_000),
  });
  const body = await response.text();
  return {
    path,
    status: response.status,
    retryAfter: response.headers.get("retry-after"),
    ms: performance.now() - started,
    // The outage's page ("Temporarily unavailable"), or the busy page when more asked at once than
    // are let in (in an outage staff cannot be told from the public: the session is in the database).
    friendly: body.includes("Reference: "),
  };
}

/** How long until an uncached page answers 200 again. */
async function recovery(url: string): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < 60_000) {
    if ((await page(url, `/?q=back-${Date.now()}`)).status === 200) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("no recovery within 60 s");
}

const unavailableLines = (output: string) => output.match(/"msg":"database unavailable"/g)?.length ?? 0;

export async function probeDatabaseOutage(): Promise<ProbeResult> {
  if (!requiredInCi(postgresBin() !== undefined, "PostgreSQL (apt-get install postgresql)"))
    return { ok: true, skipped: true, line: "PostgreSQL is not installed: not run" };
  const postgres = await startPostgres();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-probe-outage-"));
  const server = await launch({ dataDir, env: { DATABASE_URL: postgres.url } });
  const seen: string[] = [];
  let ok = true;
  try {
    await server.healthy();
    const cookie = (await signUpOverHttp({ url: server.url, dataDir }, newAccount("Staff", "probe.test")))
      .map((header) => header.split(";")[0])
      .join("; ");
    for (const outage of ["stopped", "frozen"] as const) {
      const before = unavailableLines(server.output());
      await page(server.url, "/"); // now in the render cache's memory
      if (outage === "stopped") postgres.stop();
      else postgres.freeze(true);
      // A crowd arriving at once: searches no cache holds, and a staff member's admin pages.
      const answers = await Promise.all([
        ...Array.from({ length: 6 }, (_, i) => page(server.url, `/?q=${outage}-${i}-${Date.now()}`)),
        ...["/admin", "/admin/projects", "/admin/clients", "/admin/galleries", "/admin/inquiries"].flatMap((path) => [
          page(server.url, path, cookie),
          page(server.url, path, cookie),
        ]),
      ]);
      // And after them, one at a time (the breaker is open by now).
      for (const path of ["/?q=later", "/admin/projects"]) answers.push(await page(server.url, path, cookie));
      const remembered = await page(server.url, "/");
      const slowest = Math.max(...answers.map((a) => a.ms), remembered.ms);
      const refusedWell = answers.every((a) => a.status === 503 && a.retryAfter && a.friendly);
      const good = refusedWell && slowest < 2000 && remembered.status === 200;
      if (outage === "stopped") postgres.start();
      else postgres.freeze(false);
      const back = await recovery(server.url);
      const logged = unavailableLines(server.output()) - before;
      ok &&= good && back < 1000 && logged === 1;
      const statuses = [...new Set(answers.map((a) => a.status))].join("/");
      seen.push(
        `${outage}: ${answers.length} pages and admin pages ${statuses}` +
          `${refusedWell ? " with Retry-After and the friendly page" : ` NOT all friendly 503s: ${JSON.stringify(answers.filter((a) => !(a.status === 503 && a.retryAfter && a.friendly)).slice(0, 3))}`}, ` +
          `the slowest ${seconds(slowest)} (${answers.find((a) => a.ms === slowest)?.path ?? "/"}), ` +
          `the library from memory ${remembered.status}, "database unavailable" logged ${logged}×, back in ${seconds(back)}`,
      );
    }
  } catch (error) {
    ok = false;
    seen.push(`FAILED: ${(error as Error).message.split("\n")[0]}`);
  } finally {
    await server.kill();
    postgres.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return { ok, line: `goal: nothing over 2 s, back within 1 s — ${seen.join("; ")}` };
}
