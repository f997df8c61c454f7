// Issue 41's 200-line proposal on the demo data, made by the demo's proposal code: 10 sections, a third
// catalogue lines (pictures, the first the cover), optional lines, discounts, two tax rates, sent twice.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setStorage } from "~/.server/storage";
import { records } from "../demo/lib";
import { DEMO_LOGIN, seedDemoDataDir } from "../demo/seed";
import { type LineData, type ProposalsData, seedProposals } from "../demo/steps/60-proposals";
import { signIn } from "../lib/accounts";
import { signInToPortalOverHttp } from "../lib/portal";
import { launch } from "../lib/server";
import { kb, load, percentile, renderRow, type Row } from "./lib";

const [LINES, SECTIONS] = [200, 10];
const TITLE = "Oakwood Academy whole-school playground, 200 lines";
/** The demo's options with a picture (every other one, steps/10-catalog.ts). */
const PICTURED = records("options.csv")
  .filter((_row, i) => i % 2 === 0)
  .map((row) => row.optionName!);

/** Line n as staff would type it (in section (n - 1) % 10); v2 (`~2`) reprices every 10th, drops 5, adds 5. */
function line(n: number, revision = 1): LineData {
  const discount: Pick<LineData, "discountKind" | "discount"> =
    n % 11 === 0
      ? { discountKind: "percent", discount: "10" }
      : n % 17 === 0
        ? { discountKind: "amount", discount: "50" }
        : {};
  return {
    ...(n % 3 === 0
      ? { option: PICTURED[n % PICTURED.length] }
      : {
          name: `Groundworks item ${n}`,
          description: n % 2 ? `A sturdy item number ${n}, with its fixings.` : undefined,
        }),
    unit: n % 4 ? "each" : "m²",
    quantity: String(1 + (n % 7) + (n % 4 ? 0 : 0.5)),
    unitPrice: (123.45 * (1 + (n % 13)) + (revision === 2 && n % 10 === 0 ? 10 : 0)).toFixed(2),
    ...discount,
    taxRate: n % 5 ? "20" : "5",
    optional: n % 9 === 0,
  };
}

function benchData(): ProposalsData {
  const numbers = Array.from({ length: LINES + 5 }, (_, i) => i + 1);
  const lines = Object.fromEntries(numbers.flatMap((n) => Object.entries({ [n]: line(n), [`${n}~2`]: line(n, 2) })));
  const zones = Array.from({ length: SECTIONS }, (_, s) => `zone ${s + 1}`);
  const version = (keys: string[]) =>
    Object.fromEntries(zones.map((zone, s) => [zone, keys.filter((key) => (parseInt(key) - 1) % SECTIONS === s)]));
  const v1 = numbers.filter((n) => n <= LINES).map(String);
  const v2 = numbers.filter((n) => n % 40 !== 0).map((n) => (n % 10 === 0 ? `${n}~2` : `${n}`));
  const kinds = ["Equipment", "Surfacing", "Groundworks", "Installation", "Delivery"];
  const sections = Object.fromEntries(zones.map((zone, s) => [zone, `${kinds[s % 5]} (${zone})`]));
  const introduction = "A playground for the whole school, zone by zone.\n\nBuilt over the summer holidays.";
  return {
    lines,
    sections,
    terms: "Payment within 30 days of installation. Prices include delivery.",
    proposals: [
      {
        ...{ title: TITLE, client: "Oakwood Academy", validInDays: 365, introduction },
        ...{ cover: "The back field from the school's gate", versions: [version(v1), version(v2)] },
        steps: [{ send: 0 }, { send: 1 }],
      },
    ],
  };
}

export async function benchProposals(): Promise<Row[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-bench-"));
  process.env.DATA_DIR = dataDir;
  setStorage(undefined); // the demo's files go into this data dir
  let made = new Map<string, { id: string; buyer: string }>();
  await seedDemoDataDir(dataDir, { then: async (demo) => void (made = await seedProposals(demo, benchData())) });
  const { id, buyer: email } = made.get(TITLE)!;
  const server = await launch({ dataDir, env: { MAX_IN_FLIGHT: "64" } });
  const rows: Row[] = [];
  try {
    await server.healthy();
    const staff = await signIn(server.url, DEMO_LOGIN);
    const buyer = await signInToPortalOverHttp(server, email);
    // Each with what shows the real page, not a sign-in or an error (the comparison: a line v2 added).
    const pages = [
      ["/admin/proposals/:id (its versions)", `/admin/proposals/${id}`, staff, DEMO_LOGIN.name],
      ["/admin/proposals/:id/edit (its lines as fields)", `/admin/proposals/${id}/edit`, staff, `item ${LINES - 1}`],
      ["/admin/proposals/:id/compare (v1 and v2)", `/admin/proposals/${id}/compare`, staff, `item ${LINES + 5}`],
      ["/portal/proposals/:id (v2, as its client)", `/portal/proposals/${id}`, buyer, `item ${LINES - 1}`],
    ] as const;
    for (const [label, path, cookie, shown] of pages) {
      const page = await fetch(`${server.url}${path}`, { headers: { cookie } });
      const html = await page.text();
      if (page.status !== 200 || !html.includes(shown)) {
        throw new Error(`${path} answered ${page.status} without "${shown}": ${html.slice(0, 300)}`);
      }
      const measure = `${LINES}-line proposal: ${label}, ${kb(Buffer.byteLength(html))} of HTML`;
      rows.push(await renderRow(measure, `${server.url}${path}`, 300, { cookie }));
    }
    // One after another, after a warm-up.
    const pdf = `${server.url}/admin/proposals/${id}/pdf`;
    await load(pdf, { amount: 1, headers: { cookie: staff } });
    const { latencies, errors } = await load(pdf, { amount: 5, headers: { cookie: staff } });
    const [median, slowest] = [percentile(latencies, 50), Math.max(...latencies)];
    rows.push({
      measure: `${LINES}-line proposal: its PDF (v2, its line pictures and a cover), median of 5`,
      value: `${median.toFixed(0)} ms, slowest ${slowest.toFixed(0)} ms${errors ? `, ${errors} errors` : ""}`,
      budget: "< 2000 ms",
      ok: slowest < 2000 && errors === 0,
    });
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}
