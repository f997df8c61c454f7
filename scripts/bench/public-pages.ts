// 500 projects and 10,000 image rows, one project with 30 photos: the project page's budgets, then every
// public page from the app beside a bare Node server, in a process of its own, sending the same bytes.
import { fork } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { benchPhotos, kb, load, pageWeight, renderRow, roundTrips, type Row, seededServer, storePhoto } from "./lib";

const BENCH_PROJECT = "b0000000-0000-4000-8000-000000000000";
const CATEGORIES = ["3d_renders", "photos_installation", "photos_completed"];
const [RATIO_BUDGET, P99_BUDGET_MS] = [0.5, 100];

/** Every public page of this data set, for the comparison with a bare server. */
const PAGES = [
  ["/", "/"],
  ["/:slug (30 images)", "/bench-project"],
  ["/projects", "/projects"],
  ["/projects/:id/preview", `/projects/${BENCH_PROJECT}/preview`],
  ["/projects/:id/dialog", `/projects/${BENCH_PROJECT}/dialog`],
  ["/gallery", "/gallery"],
  ["/gallery/:slug (24 cards)", "/gallery/bench-gallery"],
  ["/webview/:slug", "/webview/bench-gallery"],
  ["/sitemap.xml (500 projects)", "/sitemap.xml"],
] as const;

export const COMPARISON_HEADER = ["page", "bytes", "app req/s", "app p99", "bare req/s", "bare p99", "ratio", ""];

/** The page as autocannon gets it (no Accept-Encoding: uncompressed). */
async function get(url: string) {
  const response = await fetch(url, { headers: { "accept-encoding": "identity" } });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, type: response.headers.get("content-type") ?? "", body };
}

async function startBare(pages: { path: string; type: string; body: Buffer }[]) {
  const child = fork(path.join(import.meta.dirname, "bare-server.mjs"), {
    execArgv: [],
    serialization: "advanced",
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  child.send(pages);
  const port = await new Promise<number>((resolve, reject) => {
    child.once("message", (message) => resolve(message as number));
    child.once("exit", (code) => reject(new Error(`the bare server exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => child.kill("SIGTERM") && once(child, "exit"),
  };
}

/** Each page from the app and from the bare server, 50 connections for 5 s each: the table's cells, the budget rows. */
async function compareWithBareNode(origin: string): Promise<{ rows: Row[]; cells: string[][] }> {
  const fetched = [];
  for (const [label, page] of PAGES) {
    await get(`${origin}${page}`); // rendered and stored
    const { status, type, body } = await get(`${origin}${page}`);
    if (status !== 200) throw new Error(`${page} answered ${status}`);
    fetched.push({ label, path: page, type, body });
  }
  const bare = await startBare(fetched);
  const results = [];
  try {
    for (const page of fetched) {
      const app = await load(`${origin}${page.path}`, { connections: 50, duration: 5 });
      const plain = await load(`${bare.url}${page.path}`, { connections: 50, duration: 5 });
      results.push({ ...page, app, plain, ratio: app.rps / plain.rps });
    }
  } finally {
    await bare.stop();
  }
  const cells = results.map(({ label, body, app, plain, ratio }) => [
    ...[label, kb(body.length), app.rps.toFixed(0), `${app.p99.toFixed(0)} ms`],
    ...[plain.rps.toFixed(0), `${plain.p99.toFixed(0)} ms`, ratio.toFixed(2)],
    ratio >= RATIO_BUDGET && app.p99 < P99_BUDGET_MS && app.errors === 0 ? "ok" : "OVER",
  ]);
  const worstRatio = results.reduce((worst, r) => (r.ratio < worst.ratio ? r : worst));
  const worstP99 = results.reduce((worst, r) => (r.app.p99 > worst.app.p99 ? r : worst));
  const errors = results.reduce((sum, r) => sum + r.app.errors, 0);
  const rows = [
    {
      measure: "public pages (500 projects): throughput vs bare Node, same bytes, 50 connections (lowest)",
      value: `${worstRatio.ratio.toFixed(2)} (${worstRatio.label})${errors ? `, ${errors} errors` : ""}`,
      budget: `>= ${RATIO_BUDGET}`,
      ok: worstRatio.ratio >= RATIO_BUDGET && errors === 0,
    },
    {
      measure: "public pages (500 projects): p99 at 50 connections (highest)",
      value: `${worstP99.app.p99.toFixed(0)} ms (${worstP99.label})`,
      budget: `< ${P99_BUDGET_MS} ms`,
      ok: worstP99.app.p99 < P99_BUDGET_MS,
    },
  ];
  return { rows, cells };
}

export async function benchPublicPages(): Promise<{ rows: Row[]; comparison: string[][] }> {
  const server = await seededServer("public-pages", async ({ dataDir, db }) => {
    for (const [i, photo] of (await benchPhotos(30)).entries()) {
      const category = CATEGORIES[i % 3]!;
      const key = (ext: string) => `project-files/${BENCH_PROJECT}/${category}/${i}-bench.${ext}`;
      const image = await storePhoto(dataDir, key, photo);
      await db.query(
        `insert into project_images (project_id, storage_key, width, height, caption, display_order, image_category, is_featured)
           values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [BENCH_PROJECT, image.key, image.width, image.height, `Picture ${i + 1}`, Math.floor(i / 3), category, i === 0],
      );
    }
  });
  try {
    const page = `${server.url}/bench-project`;
    const rows: Row[] = [
      await roundTrips(page, "/:slug"),
      // The case study: lightbox, comparison slider, live filters in the header (docs/budgets.md).
      (await pageWeight(page, "/:slug (30 images)", 15)).row,
      await renderRow("/:slug (500 projects / 10,000 images)", page, 30),
    ];
    const { rows: compared, cells } = await compareWithBareNode(server.url);
    return { rows: [...rows, ...compared], comparison: cells };
  } finally {
    await server.stop();
  }
}
