// `npm run bench`: measures the budgets of DESIGN.md section 9 on this machine
// and prints a table. Numbers, not assertions: read them against the budgets.
import { ensureBuild } from "../build-state.mjs";
import { benchDemoLibrary } from "./demo-library";
import { benchGallery } from "./gallery";
import { benchLibrary } from "./library";
import { benchMedia } from "./media";
import { benchMemory } from "./memory";
import { benchPageJavaScript } from "./page-javascript";
import { benchPublicPages } from "./public-pages";
import { benchStartup } from "./startup";
import { printTable, type Row } from "./table";

ensureBuild();

const rows: Row[] = [];
rows.push(...(await benchStartup()));
rows.push(...(await benchMemory()));
rows.push(...(await benchPageJavaScript()));
rows.push(...(await benchMedia()));
rows.push(...(await benchPublicPages()));
rows.push(...(await benchGallery()));
rows.push(...(await benchLibrary()));
rows.push(...(await benchDemoLibrary()));
printTable(rows);
