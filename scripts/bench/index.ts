// `npm run bench [-- --only startup,gallery]`: the budgets of docs/budgets.md on this machine, as a table
// of figures (not assertions: latencies are worth little on a busy machine).
import { ensureBuild } from "../build-state.mjs";
import { chosenParts } from "../lib/parts";
import { benchGallery } from "./gallery";
import { benchLibrary } from "./library";
import { benchProposals } from "./proposals";
import { benchPublicPages, COMPARISON_HEADER } from "./public-pages";
import { benchStartup } from "./startup";
import { printRows, printTable, type Row } from "./lib";

const PARTS = {
  startup: "npm start in a fresh clone (build included), then restarts",
  "public-pages": "500 projects: a project page's weight and render, every public page next to a bare server",
  gallery: "a gallery of 24 photographed projects: weight and render",
  library: "10,000 projects: the library's round trips, weight and render",
  proposals: "a 200-line proposal: its admin and portal pages' render, its PDF",
};
const only = chosenParts("npm run bench [-- --only PART,PART]", PARTS);
const wanted = (part: string) => only.includes(part);

// Start-up first: it times its own build, in a clone.
const rows: Row[] = wanted("startup") ? await benchStartup() : [];
await ensureBuild();
const publicPages = wanted("public-pages") ? await benchPublicPages() : undefined;
rows.push(...(publicPages?.rows ?? []));
if (wanted("gallery")) rows.push(...(await benchGallery()));
if (wanted("library")) rows.push(...(await benchLibrary()));
if (wanted("proposals")) rows.push(...(await benchProposals()));
printRows(rows);
if (publicPages) {
  const title =
    "Public pages, 500 projects / 10,000 images: the app next to a bare Node server with the same bytes (50 connections)";
  printTable(title, COMPARISON_HEADER, publicPages.comparison, true);
}
