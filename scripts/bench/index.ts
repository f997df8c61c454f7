// `npm run bench`: measures the budgets of docs/budgets.md on this machine
// and prints a table, then the public pages side by side with a bare Node
// server. Numbers, not assertions: read them against the budgets (on a quiet
// machine: latencies and throughput are worth little on a busy one).
// `npm run bench -- --only startup,gallery` measures only the named parts.
import { ensureBuild } from "../build-state.mjs";
import { benchGallery } from "./gallery";
import { benchLibrary } from "./library";
import { benchPublicPages } from "./public-pages";
import { printComparison } from "./side-by-side";
import { benchStartup } from "./startup";
import { printTable, type Row } from "./table";

const at = process.argv.indexOf("--only");
const only = at < 0 ? undefined : process.argv[at + 1]?.split(",");
const wanted = (part: string) => !only || only.includes(part);

// Start-up first: it times its own build, in a clone.
const rows: Row[] = wanted("startup") ? await benchStartup() : [];
await ensureBuild();
const publicPages = wanted("public-pages") ? await benchPublicPages() : undefined;
rows.push(...(publicPages?.rows ?? []));
if (wanted("gallery")) rows.push(...(await benchGallery()));
if (wanted("library")) rows.push(...(await benchLibrary()));
printTable(rows);
if (publicPages) {
  printComparison(
    "Public pages, 500 projects / 10,000 images: the app next to a bare Node server with the same bytes (50 connections)",
    publicPages.comparison,
  );
}
