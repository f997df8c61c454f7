// The Project Library at scale (data/library.sql: 10,000 projects, about half of them listed):
// the database round trips of "/", its JavaScript, and the render p95 of its first page and of a
// filtered query (text + industry + two options).
import { kb, pageWeight, renderRow, roundTrips, type Row, seededServer } from "./lib";

const OPTION = (n: number) => `e0000000-0000-4000-8000-00000000000${n}`;

export async function benchLibrary(): Promise<Row[]> {
  const server = await seededServer("library");
  try {
    const library = `${server.url}/`;
    const filtered = `${library}?q=tower&industry=Schools&options=${OPTION(2)}&options=${OPTION(4)}`;
    const { javascript } = await pageWeight(library);
    return [
      await roundTrips(library, "/ (Project Library)"),
      {
        measure: "JavaScript on / (Project Library), gzip",
        value: kb(javascript),
        budget: "< 130.0 KB",
        ok: javascript < 130 * 1024,
      },
      // Rendered every time: these are the database's and React's figures, not the cache's.
      await renderRow("/ (first page, 10,000 projects)", library),
      await renderRow("/?q=…&industry=…&options=…×2 (10,000 projects)", filtered),
    ];
  } finally {
    await server.stop();
  }
}
