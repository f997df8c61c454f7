// "Export everything" (admins): every record as CSV, one file per kind (the
// lists' own columns, all rows), an index of the media, and the files
// themselves (logos, project images, option images, contract documents)
// under media/ by their storage keys. Read a chunk and a file at a time.
import { sql } from "drizzle-orm";
import { db, schema } from "~/.server/db";
import { type CsvColumn, csvStream } from "~/.server/http/csv-response";
import type { ZipEntry } from "~/.server/http/zip-response";
import { storage } from "~/.server/storage";
import { type ExportFile, inChunks } from "./chunks.server";

const { playgroundOptions, projectImages, projects, clients, companySettings, contracts } = schema;

interface MediaRow {
  owner: string;
  kind: string;
  caption: string | null;
  key: string;
}

const MEDIA_CSV: CsvColumn<MediaRow>[] = [
  { header: "Belongs To", value: (r) => r.owner },
  { header: "Kind", value: (r) => r.kind },
  { header: "Caption", value: (r) => r.caption },
  { header: "File", value: (r) => `media/${r.key}` },
];

/** Every stored file a record names, with what it belongs to, in a stable order. */
function readMedia(limit: number, offset: number): Promise<MediaRow[]> {
  return db()
    .select({
      owner: sql<string>`owner`,
      kind: sql<string>`kind`,
      caption: sql<string | null>`caption`,
      key: sql<string>`key`,
    })
    .from(
      sql`(
        select ${projects.title} as owner, 'Project image: ' || ${projectImages.imageCategory} as kind,
               ${projectImages.caption} as caption, ${projectImages.storageKey} as key
          from ${projectImages} join ${projects} on ${projects.id} = ${projectImages.projectId}
        union all
        select ${clients.name}, 'Client logo', null, ${clients.logoKey} from ${clients} where ${clients.logoKey} is not null
        union all
        select ${playgroundOptions.optionName}, 'Option image', null, ${playgroundOptions.imageKey}
          from ${playgroundOptions} where ${playgroundOptions.imageKey} is not null
        union all
        select 'Company', 'Company logo', null, ${companySettings.logoKey} from ${companySettings} where ${companySettings.logoKey} is not null
        union all
        select coalesce(${contracts.title}, 'Contract'), 'Contract document', null, ${contracts.documentKey} from ${contracts} where ${contracts.documentKey} is not null
        union all
        select coalesce(${contracts.title}, 'Contract'), 'Signed contract', null, ${contracts.signedDocumentKey} from ${contracts} where ${contracts.signedDocumentKey} is not null
      ) as media`,
    )
    .orderBy(sql`key`)
    .limit(limit)
    .offset(offset);
}

/** The archive's entries, in order: the records' CSV files (each entity's), the media index, the files. */
export async function* everythingEntries(files: readonly ExportFile[]): AsyncGenerator<ZipEntry> {
  for (const file of files) yield { name: file.name, body: file.body() };
  yield { name: "media.csv", body: csvStream(MEDIA_CSV, inChunks(readMedia)) };
  const missing: string[] = [];
  const seen = new Set<string>();
  for await (const row of inChunks(readMedia)) {
    if (seen.has(row.key)) continue;
    seen.add(row.key);
    const object = await storage().get(row.key);
    if (!object) {
      missing.push(row.key);
      continue;
    }
    yield { name: `media/${row.key}`, body: object.body, store: true };
  }
  if (missing.length) {
    yield {
      name: "missing-files.txt",
      body: `These files are named by records but were not found in storage:\n${missing.join("\n")}\n`,
    };
  }
}
