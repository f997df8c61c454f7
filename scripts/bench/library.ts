// The Project Library at 10,000 projects (data/library.sql, about half of them listed).
import { pageWeight, renderRow, roundTrips, type Row, seededServer } from "./lib";

const OPTION = (n: number) => `e0000000-0000-4000-8000-00000000000${n}`;

export async function benchLibrary(): Promise<Row[]> {
  const server = await seededServer("library");
  try {
    const library = `${server.url}/`;
    const filtered = `${library}?q=tower&industry=Schools&options=${OPTION(2)}&options=${OPTION(4)}`;
    return [
      await roundTrips(library, "/ (Project Library)"),
      (await pageWeight(library, "/ (Project Library)", 130)).row,
      await renderRow("/ (first page, 10,000 projects)", library),
      await renderRow("/?q=…&industry=…&options=…×2 (10,000 projects)", filtered),
    ];
  } finally {
    await server.stop();
  }
}
