// What the bench's parts share: the table, autocannon, a page's weight in Chromium, photographs, a seeded server.
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { chromium, type Response } from "@playwright/test";
import autocannon from "autocannon";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import sharp from "sharp";
import { migrationsFolder } from "~/.server/db/migrate";
import { createLocalStorage } from "~/.server/storage";
import { ingest } from "../demo/images";
import { launch, type Launched } from "../lib/server";

export interface Row {
  measure: string;
  value: string;
  budget?: string;
  ok?: boolean;
}

/** Columns padded to their widest cell; `right` pads every column but the first on the left. */
export function printTable(title: string, header: string[], cells: string[][], right = false): void {
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const pad = (v: string, i: number) => (right && i > 0 ? v.padStart(widths[i]!) : v.padEnd(widths[i]!));
  const line = (values: string[]) => values.map(pad).join("  ").trimEnd();
  console.log(`\n${title}${title ? "\n" : ""}${line(header)}\n${widths.map((w) => "-".repeat(w)).join("  ")}`);
  for (const c of cells) console.log(line(c));
}

const cells = (r: Row) => [r.measure, r.value, r.budget ?? "", r.ok === undefined ? "" : r.ok ? "ok" : "OVER"];
export const printRows = (rows: Row[]) => printTable("", ["measure", "value", "budget", ""], rows.map(cells));

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** One of the app's cookies: the app renders the page itself and the render cache stays out of it. */
export const RENDERED: Record<string, string> = { cookie: "playfolio.bench=render" };

/** One URL under autocannon (one connection unless told): each response's latency and status. */
export async function load(url: string, options: Omit<autocannon.Options, "url"> = {}) {
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  // autocannon's `errors`: requests never answered, timeouts included.
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections: 1, ...options }, (error, done) =>
      error ? reject(error) : resolve(done),
    );
    instance.on("response", (_client, status, _bytes, responseTime) => {
      latencies.push(responseTime);
      statuses[status] = (statuses[status] ?? 0) + 1;
    });
  });
  const { requests, errors: lost, non2xx } = result;
  const [p95, p99] = [percentile(latencies, 95), percentile(latencies, 99)];
  return { rps: requests.average, latencies, statuses, p95, p99, lost, errors: lost + non2xx };
}

/** The render p95 on one connection for 5 s after a 2 s warm-up, as a row. */
export async function renderRow(label: string, url: string, budgetMs?: number, headers = RENDERED): Promise<Row> {
  await load(url, { duration: 2, headers });
  const { p95, errors } = await load(url, { duration: 5, headers });
  return {
    measure: `${label}: render p95 on 1 connection`,
    value: `${p95.toFixed(1)} ms${errors ? `, ${errors} errors` : ""}`,
    ...(budgetMs ? { budget: `< ${budgetMs} ms`, ok: p95 < budgetMs && errors === 0 } : {}),
  };
}

/** Database round trips of one render, from its Server-Timing header, as a row. */
export async function roundTrips(url: string, label: string): Promise<Row> {
  const timing = (await fetch(url, { headers: RENDERED })).headers.get("server-timing") ?? "";
  const queries = Number(/db;desc="(\d+) queries"/.exec(timing)?.[1] ?? Number.NaN);
  return { measure: `database round trips for ${label}`, value: String(queries), budget: "<= 2", ok: queries <= 2 };
}

const gzipSize = (body: Buffer | string) => zlib.gzipSync(body, { level: 6 }).length;

/** What Chromium downloads: JavaScript (gzip, inline too) as a row against its budget; images, scrolled to the end. */
export async function pageWeight(url: string, label: string, budgetKb: number): Promise<{ row: Row; images: number }> {
  const executablePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
  const browser = await chromium.launch({ executablePath, args: ["--no-sandbox"] });
  try {
    const tab = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    // Bodies are read at the end: a body asked for as its response came could fail after the browser closed.
    const [scripts, images]: [Response[], Response[]] = [[], []];
    tab.on("response", (response) => {
      const type = response.request().resourceType();
      if (type === "script") scripts.push(response);
      if (type === "image" && response.url().startsWith(new URL(url).origin)) images.push(response);
    });
    await tab.goto(url, { waitUntil: "networkidle" });
    await tab.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 600) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 60));
      }
    });
    await tab.waitForLoadState("networkidle");
    const inline = await tab.$$eval("script:not([src])", (list) => list.map((s) => s.textContent ?? "").join("\n"));
    const sum = async (list: Response[], size: (b: Buffer) => number) =>
      (await Promise.all(list.map((response) => response.body()))).reduce((total, body) => total + size(body), 0);
    const javascript = (await sum(scripts, gzipSize)) + gzipSize(inline);
    const budget = { budget: `< ${budgetKb.toFixed(1)} KB`, ok: javascript < budgetKb * 1024 };
    const row = { measure: `JavaScript on ${label}, gzip`, value: kb(javascript), ...budget };
    return { row, images: await sum(images, (b) => b.length) };
  } finally {
    await browser.close();
  }
}

/** Photographs (AVIF and WebP compress generated pictures unlike photos): 4:3 crops of autocannon's 1169×584 one. */
export function benchPhotos(count: number): Promise<Buffer[]> {
  const photo = createRequire(import.meta.url).resolve("autocannon/test/j5.jpeg");
  const crop = { top: 0, width: Math.round((584 * 4) / 3), height: 584 };
  const left = (i: number) => Math.round((i * (1169 - crop.width)) / Math.max(1, count - 1));
  const cropped = (i: number) => sharp(photo).extract({ left: left(i), ...crop });
  return Promise.all(
    Array.from({ length: count }, (_, i) => (i % 2 ? cropped(i).flop() : cropped(i)).jpeg({ quality: 92 }).toBuffer()),
  );
}

export const storePhoto = (dataDir: string, key: (ext: string) => string, bytes: Buffer) =>
  ingest(bytes, key, createLocalStorage({ root: path.join(dataDir, "uploads") }));

/** The built server on a data dir of its own, filled with data/<dataSet>.sql, then `seed`; removed on stop. */
export async function seededServer(
  dataSet: string,
  seed: (context: { db: PGlite; dataDir: string }) => Promise<void> = async () => {},
): Promise<Launched> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-bench-"));
  const db = await PGlite.create({ dataDir: path.join(dataDir, "db") });
  try {
    await migrate(drizzle({ client: db }), { migrationsFolder: migrationsFolder() });
    await db.exec(fs.readFileSync(path.join(import.meta.dirname, "data", `${dataSet}.sql`), "utf8"));
    await seed({ db, dataDir });
  } finally {
    await db.close();
  }
  // The figures are about rendering at 10 to 50 connections, not admission control (the load probe's).
  const server = await launch({ dataDir, env: { MAX_IN_FLIGHT: "64" } });
  await server.healthy();
  const stop = server.stop;
  server.stop = async () => {
    await stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return server;
}
