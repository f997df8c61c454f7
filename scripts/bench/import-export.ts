// CSV import and export of 10,000 rows, in this process, on the embedded
// database in its worker thread (as the server runs it): the import of 10,000
// clients each with a contact (20,000 records, their links and history), from
// reading the file to the last chunk written, and the export of the 10,000
// clients as CSV. Reports wall time, this process's CPU time (user + sys: worth
// more than wall time on a shared machine), the peak resident memory above the
// start, the longest another request's statement waited while the import ran
// (the import is one transaction; on the embedded database it holds the only
// session: decision 0076) and the longest event-loop stall.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { sql } from "drizzle-orm";
import { db, setDatabase } from "~/.server/db";
import { openDatabase } from "~/.server/db/client";
import { migrateDatabase } from "~/.server/db/migrate";
import { csvStream } from "~/.server/http/csv-response";
import { CLIENT_CSV, exportClients } from "~/domain/clients/export.server";
import { guessMapping } from "~/domain/import/fields";
import { readCsv } from "~/domain/import/parse.server";
import { planImport } from "~/domain/import/plan.server";
import { runImport } from "~/domain/import/run.server";
import type { Row } from "./table";

const ROWS = 10_000;

function file(): Uint8Array {
  const lines = ["Client Name;Industry Type;Location;Website;Contact Name;Contact Email;Contact Phone"];
  for (let n = 1; n <= ROWS; n++) {
    lines.push(`Bench Client ${n};Parks;Leeds;https://c${n}.example;Person ${n};p${n}@example.test;+44 113 ${n}`);
  }
  return new TextEncoder().encode(`\uFEFF${lines.join("\r\n")}\r\n`);
}

/** Runs `fn`, sampling memory and the event loop. */
async function measured<T>(fn: () => Promise<T>) {
  const base = process.memoryUsage().rss;
  let peak = base;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await fn();
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  loop.disable();
  clearInterval(sampler);
  return {
    result,
    summary: `${(ms / 1000).toFixed(2)} s (CPU ${((used.user + used.system) / 1e6).toFixed(2)} s), peak +${Math.round((peak - base) / 2 ** 20)} MB`,
    stall: loop.max / 1e6,
  };
}

export async function benchImportExport(): Promise<Row[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-import-"));
  const database = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "db") });
  try {
    await migrateDatabase(database);
    setDatabase(database);
    const bytes = file();
    // Another staff member's statement, asked every 20 ms while the import runs.
    let longestWait = 0;
    let importing = true;
    const staff = (async () => {
      while (importing) {
        const asked = performance.now();
        await db().execute(sql`select count(*) from industry_types`);
        longestWait = Math.max(longestWait, performance.now() - asked);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const imported = await measured(async () => {
      const table = await readCsv(bytes);
      const plan = await planImport("clients", table, guessMapping("clients", table.headers));
      return runImport(plan, { actor: { id: null, name: "Bench" }, fileName: "bench.csv", createNew: true });
    }).finally(() => (importing = false));
    await staff;
    if (imported.result.created !== 2 * ROWS + 1) throw new Error(`import: ${JSON.stringify(imported.result)}`);
    let bytesOut = 0;
    const exported = await measured(() =>
      pipeline(
        csvStream(CLIENT_CSV, exportClients({ q: "", industry: "" })),
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            bytesOut += chunk.length;
            done();
          },
        }),
      ),
    );
    return [
      {
        measure: `CSV import, ${ROWS.toLocaleString("en-US")} clients with a contact each (${(bytes.length / 2 ** 20).toFixed(1)} MB)`,
        value: imported.summary,
      },
      {
        measure: "CSV import: longest wait of another statement meanwhile / longest event-loop stall",
        value: `${Math.round(longestWait)} ms / ${Math.round(imported.stall)} ms`,
      },
      {
        measure: `CSV export, ${ROWS.toLocaleString("en-US")} clients (${(bytesOut / 2 ** 20).toFixed(1)} MB)`,
        value: exported.summary,
      },
      { measure: "machine load (1 min) during the import and export", value: os.loadavg()[0]!.toFixed(1) },
    ];
  } finally {
    setDatabase(undefined);
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
