// The Project Library and a project page as `npm run demo` fills them: the demo
// data dir (real pictures, logos, options) behind the built server.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setStorage } from "~/.server/storage";
import { startServer } from "../../tests/e2e/support/server";
import { seedDemoDataDir } from "../demo/seed";
import { load, roundTrips } from "./load";
import { type Row } from "./table";

export async function benchDemoLibrary(): Promise<Row[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-bench-demo-"));
  process.env.DATA_DIR = dataDir;
  setStorage(undefined); // the demo's files go into this data dir
  await seedDemoDataDir(dataDir);
  const server = await startServer({ dataDir, fromTemplate: false });
  const rows: Row[] = [];
  try {
    const library = `${server.url}/`;
    rows.push({ measure: "database round trips for / (demo data)", value: String(await roundTrips(library)) });
    await load(library, 1, 2); // warm-up
    const single = await load(library, 1, 5);
    rows.push({ measure: "/ with demo data: p95 on 1 connection", value: `${single.p95.toFixed(1)} ms` });
    const loaded = await load(library, 10, 6);
    rows.push({
      measure: "/ with demo data: under autocannon (10 connections, 6 s)",
      value: `${loaded.rps.toFixed(0)} req/s, p95 ${loaded.p95.toFixed(1)} ms${loaded.errors ? `, ${loaded.errors} errors` : ""}`,
    });
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}
