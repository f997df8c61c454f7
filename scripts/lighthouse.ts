// `npm run lighthouse`: Lighthouse CI (lighthouse/lighthouserc.json: each category at least 95) on the
// public pages with the demo data, on their own and framed in another site's page; exits 1 under the bar.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { embedSnippet } from "~/lib/embed-snippet";
import { setStorage } from "~/.server/storage";
import { ensureBuild, root } from "./build-state.mjs";
import { seedDemoDataDir } from "./demo/seed";
import { startParentPage } from "./lib/parent-page";
import { launch } from "./lib/server";

/** The library, a project with pictures and videos, a gallery. */
const PAGES = ["/", "/castle-keep-play-fort", "/gallery/signature-playgrounds"];

/** The company's own site, reduced to a page that embeds one of ours with the snippet. */
const PARENT = fs.readFileSync(path.join(root, "scripts/lighthouse/parent.html"), "utf8");
const parentHtml = (origin: string, page: string) =>
  PARENT.replace("{snippet}", () =>
    embedSnippet({ origin, path: page, title: "Our projects", loadingText: "Loading projects…" }),
  );

await ensureBuild();
// LIGHTHOUSE_DATA_DIR: a data dir `npm run demo` filled (CI's newcomer step), measured as it is and left in
// place, instead of seeding the demo again (decision 0112).
const givenDataDir = process.env.LIGHTHOUSE_DATA_DIR ? path.resolve(process.env.LIGHTHOUSE_DATA_DIR) : undefined;
if (givenDataDir && !fs.existsSync(path.join(givenDataDir, ".demo-seeded"))) {
  throw new Error(`LIGHTHOUSE_DATA_DIR: ${givenDataDir} is not a data dir npm run demo filled (no .demo-seeded)`);
}
const dataDir = givenDataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-lighthouse-"));
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL ??= "warn"; // the seed's own log lines are not this command's output
if (!givenDataDir) {
  setStorage(undefined); // the demo's files go into this data dir
  await seedDemoDataDir(dataDir);
}
const server = await launch({ dataDir });
let status = 1;
try {
  await server.healthy();
  const parent = await startParentPage((page) => (PAGES.includes(page) ? parentHtml(server.url, page) : undefined));
  try {
    // As a visitor finds them on a running site: rendered once already (the render cache holds them).
    for (const page of PAGES) await (await fetch(`${server.url}${page}`)).arrayBuffer();
    const urls = [server.url, parent.url].flatMap((origin) => PAGES.map((page) => new URL(page, origin).href));
    // Asynchronously: this process serves the parent site while Lighthouse runs.
    const lhci = spawn(
      path.join(root, "node_modules/.bin/lhci"),
      [
        "autorun",
        "--config=scripts/lighthouse/lighthouserc.json",
        `--collect.chromePath=${process.env.CHROME_PATH || "/usr/bin/chromium"}`,
        ...urls.map((url) => `--collect.url=${url}`),
      ],
      { cwd: root, stdio: "inherit" },
    );
    status = await new Promise<number>((resolve) => lhci.once("close", (code) => resolve(code ?? 1)));
  } finally {
    await parent.close();
  }
  // The scores of every page, passing or not (lhci names only the failures).
  const results = path.join(root, ".lighthouseci");
  for (const file of fs.existsSync(results) ? fs.readdirSync(results) : []) {
    if (!/^lhr-.*\.json$/.test(file)) continue;
    const lhr = JSON.parse(fs.readFileSync(path.join(results, file), "utf8"));
    const scores = Object.values(lhr.categories as Record<string, { id: string; score: number | null }>);
    const score = ({ id, score }: (typeof scores)[number]) => `${id} ${score === null ? "none" : score * 100}`;
    console.log(`${lhr.requestedUrl}: ${scores.map(score).join(", ")}`);
  }
} finally {
  await server.kill();
  if (!givenDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status);
