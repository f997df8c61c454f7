// The Project Library at scale: 10,000 projects (about half of them listed),
// 50 clients, 20 options with 4 per project. Reports the database round trips
// of "/", its render p95 on one connection and its throughput on ten, the same
// for a filtered query (text + industry + two options), and the page's
// JavaScript.
import { load, RENDERED, roundTrips } from "./load";
import { pageWeight } from "./page-weight";
import { seededServer } from "./seeded";
import { kb, type Row } from "./table";

const PROJECTS = 10_000;

const SEED = `
  insert into industry_types (name) values ('Schools'), ('Parks'), ('Museums'), ('Hotels'), ('Retail');
  insert into clients (id, name, location, website, industry_type)
    select ('c0000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 'Client ' || n, 'Town ' || n,
      'https://client' || n || '.example', (array['Schools','Parks','Museums','Hotels','Retail'])[1 + n % 5]
    from generate_series(1, 50) n;
  insert into playground_options (id, option_name)
    select ('e0000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 'Option ' || n from generate_series(1, 20) n;
  insert into projects (id, title, project_name, client_id, status, show_in_gallery, description, end_date)
    select ('a0000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid,
      (array['Tower','Meadow','Harbour','Forest','Castle','Canyon','River','Summit'])[1 + n % 8] || ' project ' || n,
      'project-' || n, ('c0000000-0000-4000-8000-' || lpad((1 + n % 50)::text, 12, '0'))::uuid,
      case when n % 2 = 0 then 'completed' else 'planning' end, n % 2 = 0,
      'A playground with ' || (array['slides','nets','swings','sand'])[1 + n % 4] || ' and a sensory garden.',
      date '2020-01-01' + (n % 1500)
    from generate_series(1, ${PROJECTS}) n;
  insert into project_options (project_id, option_id)
    select ('a0000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid,
      ('e0000000-0000-4000-8000-' || lpad((1 + (n * k) % 20)::text, 12, '0'))::uuid
    from generate_series(1, ${PROJECTS}) n, generate_series(1, 4) k
    on conflict do nothing;
  insert into project_images (project_id, storage_key, width, height, display_order, image_category)
    select ('a0000000-0000-4000-8000-' || lpad((1 + n % ${PROJECTS})::text, 12, '0'))::uuid,
      'project-files/bench/' || n || '.jpg', 1600, 1200, n / ${PROJECTS}, 'photos_completed'
    from generate_series(1, 30000) n;
  analyze;
`;

export async function benchLibrary(): Promise<Row[]> {
  const server = await seededServer(({ db }) => db.exec(SEED).then(() => {}));
  const rows: Row[] = [];
  try {
    const library = `${server.url}/`;
    const filtered = `${server.url}/?q=tower&industry=Schools&options=e0000000-0000-4000-8000-000000000002&options=e0000000-0000-4000-8000-000000000004`;
    rows.push({
      measure: "database round trips for / (Project Library)",
      value: String(await roundTrips(library)),
      budget: "<= 2",
    });

    const { javascript } = await pageWeight(library);
    rows.push({
      measure: "JavaScript on / (Project Library), gzip",
      value: kb(javascript),
      budget: "< 130.0 KB",
      ok: javascript < 130 * 1024,
    });

    for (const [label, url] of [
      ["/ (first page, 10,000 projects)", library],
      ["/?q=…&industry=…&options=…×2 (10,000 projects)", filtered],
    ] as const) {
      // Rendered every time: these are the database's and React's figures, not the cache's.
      await load(url, 1, 2, RENDERED); // warm-up
      const single = await load(url, 1, 5, RENDERED);
      const loaded = await load(url, 10, 6, RENDERED);
      rows.push({ measure: `${label}: render p95 on 1 connection`, value: `${single.p95.toFixed(1)} ms` });
      rows.push({
        measure: `${label}: rendered under autocannon (10 connections)`,
        value: `${loaded.rps.toFixed(0)} req/s, p95 ${loaded.p95.toFixed(1)} ms${loaded.errors ? `, ${loaded.errors} errors` : ""}`,
      });
    }
  } finally {
    await server.stop();
  }
  return rows;
}
