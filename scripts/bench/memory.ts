// Resident memory of the server on the embedded database: the peak and the
// idle figure of a first start (initdb + migrations) and of a restart, after
// it has served the public pages and the sign-in page a few hundred times.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { memoryOf } from "../probes/lib/memory";
import { launch } from "../../tests/e2e/support/launch";
import type { Row } from "./table";

async function measure(dataDir: string): Promise<{ peakMb: number; idleMb: number; initdbMb?: number }> {
  const server = await launch({ dataDir, env: { LOG_LEVEL: "info" } });
  try {
    await server.healthy();
    for (let i = 0; i < 100; i++) {
      for (const page of ["/", "/projects", "/gallery", "/auth"]) await (await fetch(server.url + page)).text();
    }
    // Idle: what it holds once the traffic is over and the collector has run.
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const { rssMb, peakMb } = memoryOf(server.child.pid!);
    const initdb = /"peakMb":(\d+),"msg":"created the embedded database/.exec(server.output());
    return { peakMb, idleMb: rssMb, initdbMb: initdb ? Number(initdb[1]) : undefined };
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
  }
}

export async function benchMemory(): Promise<Row[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-bench-memory-"));
  try {
    const first = await measure(dataDir);
    const again = await measure(dataDir);
    return [
      {
        measure: "server RSS, embedded database, first start: peak / idle",
        value: `${first.peakMb} MB / ${first.idleMb} MB`,
        budget: "< 512 MB peak",
        ok: first.peakMb < 512,
      },
      {
        measure:
          "first start: peak RSS of the child that creates the database from the build's template (exits before serving)",
        value: first.initdbMb === undefined ? "not seen" : `${first.initdbMb} MB`,
      },
      {
        measure: "server RSS, embedded database, restart: peak / idle",
        value: `${again.peakMb} MB / ${again.idleMb} MB`,
        budget: "< 512 MB peak",
        ok: again.peakMb < 512,
      },
    ];
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === import.meta.filename) {
  const { printTable } = await import("./table");
  printTable(await benchMemory());
}
