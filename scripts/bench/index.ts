// `npm run bench`: measures the budgets of DESIGN.md section 9 on this machine
// and prints a table, then the public pages side by side with a bare Node
// server. Numbers, not assertions: read them against the budgets (on a quiet
// machine: latencies and throughput are worth little on a busy one).
import { ensureBuild } from "../build-state.mjs";
import { benchDemo } from "./demo";
import { benchGallery } from "./gallery";
import { benchLibrary } from "./library";
import { benchMedia } from "./media";
import { benchMemory } from "./memory";
import { benchPageJavaScript } from "./page-javascript";
import { benchProjectBook } from "./project-book";
import { benchPublicPages } from "./public-pages";
import { printComparison } from "./side-by-side";
import { benchStartup } from "./startup";
import { printTable, type Row } from "./table";

ensureBuild();
// Seeds log as they go; the table is this command's output.
process.env.LOG_LEVEL ??= "warn";

const rows: Row[] = [];
rows.push(...(await benchStartup()));
rows.push(...(await benchMemory()));
rows.push(...(await benchPageJavaScript()));
rows.push(...(await benchMedia()));
const synthetic = await benchPublicPages();
rows.push(...synthetic.rows);
rows.push(...(await benchGallery()));
rows.push(...(await benchLibrary()));
rows.push(...(await benchProjectBook()));
const demo = await benchDemo();
rows.push(...demo.rows);
printTable(rows);
printComparison(
  "Public pages, demo data: the app next to a bare Node server with the same bytes (50 connections)",
  demo.comparison,
);
printComparison(
  "Public pages, 500 projects / 10,000 images: the app next to a bare Node server with the same bytes (50 connections)",
  synthetic.comparison,
);
