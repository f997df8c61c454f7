// A 200-line proposal (issue 41's budgets): 10 sections of 20 lines, a third of
// them catalogue lines with their option's picture (real photos through the
// pipeline), optional lines, discounts and two tax rates, sent twice (v2 changes,
// adds and removes lines). Reports the render of its pages in the admin (the
// proposal, its editor, the comparison of v1 and v2) and in the portal (as its
// client's contact, signed in with the mailed code), p95 on one connection, and
// its PDF as staff download it, median and slowest of 5.
// The figures are the whole request on loopback: read them on a quiet machine.
import { createHash } from "node:crypto";
import { hashedText, type VersionContent, type VersionLine } from "~/domain/proposals/content";
import { priceProposal } from "~/domain/proposals/totals";
import { newAccount, signUp } from "../lib/accounts";
import { signInToPortalOverHttp } from "../lib/portal";
import { load } from "./load";
import { benchPhotos, storePhoto } from "./photos";
import { seededServer } from "./seeded";
import { kb, type Row } from "./table";

const LINES = 200;
const SECTIONS = 10;
const PICTURES = 8;
const PROPOSAL = "f0000000-0000-4000-8000-000000000001";
const CLIENT = "c0000000-0000-4000-8000-000000000001";
const CONTACT_EMAIL = "buyer@bench-academy.example";
const MONEY = { currency: "GBP", locale: "en-GB" };
const uuid = (prefix: string, n: number) => `${prefix}0000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

const SEED = `
  insert into company_settings (id, name, address, currency, locale)
    values (1, 'Bench Play Co.', '1 Bench Street, Harrogate', '${MONEY.currency}', '${MONEY.locale}');
  insert into clients (id, name, location) values ('${CLIENT}', 'Bench Academy', 'Leeds, UK');
  insert into projects (id, title, project_name, client_id, status)
    values ('${uuid("a", 1)}', 'Bench Academy back field', 'bench-academy', '${CLIENT}', 'planning');
  with account as (
    insert into "user" (name, email, role, email_verified) values ('Bea Buyer', '${CONTACT_EMAIL}', 'client', true)
    returning id)
  insert into contacts (name, email, client_id, user_id) select 'Bea Buyer', '${CONTACT_EMAIL}', '${CLIENT}', id from account;
  insert into proposals (id, client_id, project_id, title, status, valid_until)
    values ('${PROPOSAL}', '${CLIENT}', '${uuid("a", 1)}', 'Bench Academy playground, 200 lines', 'sent', '2099-12-31');
`;

/** 200 lines; `revision` 2 reprices every 10th line, drops 5 and adds 5 (the comparison's changes). */
function content(pictures: VersionLine["picture"][], revision: 1 | 2): VersionContent {
  const sections = Array.from({ length: SECTIONS }, (_, s) => ({
    id: uuid("5", s + 1),
    title: ["Equipment", "Surfacing", "Groundworks", "Installation", "Delivery"][s % 5] + ` (zone ${s + 1})`,
    description: s % 2 ? null : "Installed by our own crew.",
  }));
  const numbers = Array.from({ length: LINES }, (_, i) => i + 1).filter((n) => revision === 1 || n % 40 !== 0);
  if (revision === 2) numbers.push(...Array.from({ length: 5 }, (_, i) => LINES + i + 1));
  const lines = numbers.map((n): VersionLine => {
    const catalogue = n % 3 === 0;
    return {
      id: uuid("1", n),
      sectionId: sections[(n - 1) % SECTIONS]!.id,
      name: `${catalogue ? "Climbing frame" : "Groundworks"} item ${n}`,
      description: n % 2 ? `A sturdy, weatherproof item number ${n}, with its fixings and a ten-year guarantee.` : null,
      unit: n % 4 ? "each" : "m²",
      quantity: (1 + (n % 7)) * 1000 + (n % 4 ? 0 : 500),
      unitPrice: 12_345 * (1 + (n % 13)) + (revision === 2 && n % 10 === 0 ? 1_000 : 0),
      discount:
        n % 11 === 0 ? { kind: "percent", rate: 10_000 } : n % 17 === 0 ? { kind: "amount", amount: 5_000 } : null,
      taxRate: n % 5 ? 20_000 : 5_000,
      optional: n % 9 === 0,
      optionId: catalogue ? uuid("b", n % PICTURES) : null,
      picture: catalogue ? pictures[n % PICTURES]! : null,
    };
  });
  return {
    title: "Bench Academy playground, 200 lines",
    validUntil: "2099-12-31",
    introduction: "A playground for the whole school, zone by zone.\n\nBuilt over the summer holidays.",
    terms: "Payment within 30 days of installation. Prices include delivery.",
    design: pictures[0] ? [{ ...pictures[0], caption: "The back field from the school's gate" }] : [],
    sections,
    lines,
  };
}

/** The version's row as sendProposal freezes it: totals, hash, sent. */
function version(number: number, stored: VersionContent) {
  const ids = stored.lines.map((line) => line.id);
  return [
    uuid("e", number),
    PROPOSAL,
    number,
    JSON.stringify(stored),
    MONEY.currency,
    MONEY.locale,
    priceProposal(stored.lines).totals.gross,
    priceProposal(stored.lines, ids).totals.gross,
    stored.lines.length,
    createHash("sha256")
      .update(hashedText({ ...MONEY, content: stored }))
      .digest("hex"),
  ];
}

/** Single requests, one after another: the median and slowest in ms, after a warm-up. */
async function timed(url: string, cookie: string, times: number): Promise<{ median: number; slowest: number }> {
  const once = async () => {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    return performance.now() - started;
  };
  await once();
  const ms: number[] = [];
  for (let i = 0; i < times; i++) ms.push(await once());
  ms.sort((a, b) => a - b);
  return { median: ms[Math.floor(ms.length / 2)]!, slowest: ms.at(-1)! };
}

export async function benchProposals(): Promise<Row[]> {
  const server = await seededServer(async ({ db, dataDir }) => {
    await db.exec(SEED);
    const pictures: VersionLine["picture"][] = [];
    for (const [n, photo] of (await benchPhotos(PICTURES)).entries()) {
      // A catalogue option's picture, and the proposal's own copy of it (proposal_media), as the editor adds it.
      const image = await storePhoto(dataDir, (ext) => `project-files/playground-options/bench-${n}.${ext}`, photo);
      const picture = [image.key, image.width, image.height];
      await db.query(
        `insert into playground_options (id, option_name, option_category, image_key, image_width, image_height)
           values ($1, $2, 'Climbing', $3, $4, $5)`,
        [uuid("b", n), `Climbing frame ${n}`, ...picture],
      );
      const { rows } = await db.query<{ id: string }>(
        `insert into proposal_media (proposal_id, kind, storage_key, width, height, option_id)
           values ($1, 'line', $2, $3, $4, $5) returning id`,
        [PROPOSAL, ...picture, uuid("b", n)],
      );
      pictures.push({ mediaId: rows[0]!.id, key: image.key, width: image.width, height: image.height });
    }
    for (const number of [1, 2] as const) {
      await db.query(
        `insert into proposal_versions (id, proposal_id, number, content, currency, locale, total, total_with_optional,
           line_count, content_sha256, sent_at, sent_by_name)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now() - interval '${3 - number} days', 'Sam Staff')`,
        version(number, content(pictures, number)),
      );
    }
  });
  const rows: Row[] = [];
  try {
    const staff = await signUp(server.url, newAccount("Bench"));
    const buyer = await signInToPortalOverHttp(server, CONTACT_EMAIL);
    // Each with what shows it is the real page, not a sign-in or an error: a line's name (the editor's field
    // holds it; the comparison shows the lines v2 added), or for the proposal's page, which lists its versions
    // and not its lines, who sent them.
    const line = `item ${LINES - 1}`;
    const pages = [
      ["/admin/proposals/:id (its versions)", `/admin/proposals/${PROPOSAL}`, staff, "Sam Staff"],
      ["/admin/proposals/:id/edit (its lines as fields)", `/admin/proposals/${PROPOSAL}/edit`, staff, line],
      ["/admin/proposals/:id/compare (v1 and v2)", `/admin/proposals/${PROPOSAL}/compare`, staff, `item ${LINES + 5}`],
      ["/portal/proposals/:id (v2, as its client)", `/portal/proposals/${PROPOSAL}`, buyer, line],
    ] as const;
    for (const [label, path, cookie, shown] of pages) {
      const page = await fetch(`${server.url}${path}`, { headers: { cookie } });
      const html = await page.text();
      if (page.status !== 200 || !html.includes(shown)) {
        throw new Error(`${path} answered ${page.status} without "${shown}": ${html.slice(0, 300)}`);
      }
      await load(`${server.url}${path}`, 1, 2, { cookie }); // warm-up
      const single = await load(`${server.url}${path}`, 1, 5, { cookie });
      rows.push({
        measure: `${LINES}-line proposal: ${label} render, p95 (1 connection)`,
        value: `${single.p95.toFixed(1)} ms (${kb(Buffer.byteLength(html))} of HTML)${single.errors ? `, ${single.errors} errors` : ""}`,
        budget: "< 300 ms",
        ok: single.p95 < 300 && single.errors === 0,
      });
    }
    const pdf = await timed(`${server.url}/admin/proposals/${PROPOSAL}/pdf`, staff, 5);
    rows.push({
      measure: `${LINES}-line proposal: its PDF (v2, ${PICTURES} line pictures and a cover render), median of 5`,
      value: `${pdf.median.toFixed(0)} ms, slowest ${pdf.slowest.toFixed(0)} ms`,
      budget: "< 2000 ms",
      ok: pdf.slowest < 2000,
    });
  } finally {
    await server.stop();
  }
  return rows;
}
