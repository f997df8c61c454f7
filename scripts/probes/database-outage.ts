// The server on a real PostgreSQL that is stopped, then frozen with SIGSTOP:
// pages answer 503 with Retry-After within the configured timeouts (connect
// 5 s, statement 10 s by default), the log says "database unavailable" once
// per outage, and the server recovers by itself when the database is back.
// Pages the render cache holds are still answered from memory meanwhile; the
// probe asks for pages it cannot hold (a search never asked before) to reach
// the database.
import type { ProbeResult } from "./lib/probe";
import { seconds } from "./lib/probe";
import { postgresBin, startPostgres } from "./lib/postgres";
import { launch } from "./lib/server";

async function page(
  url: string,
  path = "/",
): Promise<{ status: number; retryAfter: string | null; ms: number; friendly: boolean; cache: string | null }> {
  const started = performance.now();
  const response = await fetch(`${url}${path}`, {
    headers: { Accept: "text/html" },
    signal: AbortSignal.timeout(30_000),
  });
  const body = await response.text();
  return {
    status: response.status,
    retryAfter: response.headers.get("retry-after"),
    ms: performance.now() - started,
    friendly: body.includes("Temporarily unavailable") && body.includes("Reference: "),
    cache: response.headers.get("x-render-cache"),
  };
}

async function recovery(url: string): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < 60_000) {
    if ((await page(url)).status === 200) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("no recovery within 60 s");
}

const unavailableLines = (output: string) => output.match(/"msg":"database unavailable"/g)?.length ?? 0;

export async function probeDatabaseOutage(): Promise<ProbeResult> {
  if (!postgresBin()) return { ok: true, skipped: true, line: "PostgreSQL is not installed: not run" };
  const postgres = await startPostgres();
  const server = await launch({ env: { DATABASE_URL: postgres.url } });
  const seen: string[] = [];
  let ok = true;
  try {
    await server.healthy();
    for (const outage of ["stopped", "frozen"] as const) {
      const before = unavailableLines(server.output());
      await page(server.url, "/"); // now in the render cache's memory
      if (outage === "stopped") postgres.stop();
      else postgres.freeze(true);
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await page(server.url, `/?q=${outage}-${i}-${Date.now()}`));
      const remembered = await page(server.url, "/");
      const slowest = Math.max(...answers.map((a) => a.ms));
      const good =
        answers.every((a) => a.status === 503 && a.retryAfter === "10" && a.friendly) &&
        slowest < 11_000 &&
        remembered.status === 200;
      if (outage === "stopped") postgres.start();
      else postgres.freeze(false);
      const back = await recovery(server.url);
      const logged = unavailableLines(server.output()) - before;
      ok &&= good && logged === 1;
      seen.push(
        `${outage}: ${answers.map((a) => a.status).join("/")} ` +
          `(slowest ${seconds(slowest)}, Retry-After ${answers[0]!.retryAfter}${answers.every((a) => a.friendly) ? ", friendly page" : ""}), ` +
          `the library from memory ${remembered.status} (${remembered.cache}), ` +
          `"database unavailable" logged ${logged}×, back in ${seconds(back)}`,
      );
    }
  } catch (error) {
    ok = false;
    seen.push(`FAILED: ${(error as Error).message.split("\n")[0]}`);
  } finally {
    await server.kill();
    postgres.destroy();
  }
  return { ok, line: seen.join("; ") };
}
