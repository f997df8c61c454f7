// The project book: the PDF of 24 listed projects, each with a real
// photograph (its hero re-encoded from the stored 1280 px variant), asked for
// by a signed-in staff member. Reports the time to the whole PDF (median and
// slowest of three), its size and page count. Budget: under 10 s.
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { migrationsFolder } from "~/.server/db/migrate";
import { newAccount, signUpOverHttp } from "../../tests/e2e/support/accounts";
import { startServer } from "../../tests/e2e/support/server";
import { pdfPages } from "../../tests/helpers/pdf-text";
import { benchPhotos, storePhoto } from "./photos";
import { kb, type Row } from "./table";

const PROJECTS = 24;
const projectId = (n: number) => `ab000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

const SEED = `
  insert into company_settings (id, name, address, phone) values (1, 'Bench Play', '1 Slide Lane', '555 0100');
  insert into clients (id, name, location) values ('cb000000-0000-4000-8000-000000000001', 'Bench Council', 'Leeds');
  insert into projects (id, title, client_id, status, show_in_gallery, description, end_date, theme_style)
    select ('ab000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 'Book project ' || n,
      'cb000000-0000-4000-8000-000000000001', 'completed', true,
      repeat('Towers, bridges and slides around a sensory garden, built for every age. ', 8),
      date '2024-01-01' + n * 10, 'Nautical'
    from generate_series(1, ${PROJECTS}) n;
`;

export async function benchProjectBook(): Promise<Row[]> {
  const server = await startServer({
    fromTemplate: false,
    async seed({ dataDir, db }) {
      await migrate(drizzle({ client: db }), { migrationsFolder: migrationsFolder() });
      await db.exec(SEED);
      const photos = await benchPhotos(PROJECTS);
      for (let n = 1; n <= PROJECTS; n++) {
        const image = await storePhoto(
          dataDir,
          (ext) => `project-files/${projectId(n)}/photos_completed/book.${ext}`,
          photos[n - 1]!,
        );
        await db.query(
          `insert into project_images (project_id, storage_key, width, height, display_order, image_category, is_featured)
           values ($1, $2, $3, $4, 0, 'photos_completed', true)`,
          [projectId(n), image.key, image.width, image.height],
        );
      }
    },
  });
  try {
    const cookie = (await signUpOverHttp(server, newAccount("Bench", "staff.test")))
      .map((c) => c.split(";")[0])
      .join("; ");
    const times: number[] = [];
    let pdf = new Uint8Array();
    for (let run = 0; run < 3; run++) {
      const started = performance.now();
      const response = await fetch(`${server.url}/project-book.pdf`, { headers: { Cookie: cookie } });
      if (!response.ok) throw new Error(`project book: ${response.status}`);
      pdf = new Uint8Array(await response.arrayBuffer());
      times.push(performance.now() - started);
    }
    const sorted = [...times].sort((a, b) => a - b);
    const pages = (await pdfPages(pdf)).length;
    return [
      {
        measure: `project book, ${PROJECTS} projects with photos: median / slowest of 3`,
        value: `${(sorted[1]! / 1000).toFixed(2)} s / ${(sorted[2]! / 1000).toFixed(2)} s`,
        budget: "< 10 s",
        ok: sorted[2]! < 10_000,
      },
      { measure: "project book: size, pages", value: `${kb(pdf.length)}, ${pages} pages` },
    ];
  } finally {
    await server.stop();
  }
}
