// `npm run bench`: measures the budgets of docs/budgets.md on this machine
// and prints a table, then the public pages side by side with a bare Node
// server. Numbers, not assertions: read them against the budgets (on a quiet
// machine: latencies and throughput are worth little on a busy one).
import { ensureBuild } from "../build-state.mjs";
import { benchDemo } from "./demo";
import { benchGallery } from "./gallery";
import { benchImportExport } from "./import-export";
import { benchLibrary } from "./library";
import { benchLive } from "./live";
import { benchMedia } from "./media";
import { benchMemory } from "./memory";
import { benchProjectBook } from "./project-book";
import { benchPublicPages } from "./public-pages";
import { printComparison } from "./side-by-side";
import { benchStartup } from "./startup";
import { benchViews } from "./views";
import { printTable, type Row } from "./table";

await ensureBuild();
// Seeds log as they go; the table is this command's output.
process.env.LOG_LEVEL ??= "warn";

// `npm run bench -- --only demo,public-pages` measures only the named parts (names as below).
const only = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1]?.split(",") : undefined;
const wanted = (part: string) => !only || only.includes(part);

const rows: Row[] = [];
if (wanted("startup")) rows.push(...(await benchStartup()));
if (wanted("memory")) rows.push(...(await benchMemory()));
if (wanted("media")) rows.push(...(await benchMedia()));
if (wanted("live")) rows.push(...(await benchLive()));
const synthetic = wanted("public-pages") ? await benchPublicPages() : undefined;
rows.push(...(synthetic?.rows ?? []));
if (wanted("gallery")) rows.push(...(await benchGallery()));
if (wanted("library")) rows.push(...(await benchLibrary()));
if (wanted("project-book")) rows.push(...(await benchProjectBook()));
if (wanted("views")) rows.push(...(await benchViews()));
if (wanted("import-export")) rows.push(...(await benchImportExport()));
const demo = wanted("demo") ? await benchDemo() : undefined;
rows.push(...(demo?.rows ?? []));
printTable(rows);
if (demo) {
  printComparison(
    "Public pages, demo data: the app next to a bare Node server with the same bytes (50 connections)",
    demo.comparison,
  );
}
if (synthetic) {
  printComparison(
    "Public pages, 500 projects / 10,000 images: the app next to a bare Node server with the same bytes (50 connections)",
    synthetic.comparison,
  );
}
