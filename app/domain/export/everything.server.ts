// "Export everything" (admins): every record as CSV, one file per kind (the
// lists' own columns, all rows), an index of the media, and the files
// themselves (logos, project images, option images, contract documents)
// under media/ by their storage keys. Read a chunk and a file at a time.
import { asc, sql } from "drizzle-orm";
import { db, schema } from "~/.server/db";
import { type CsvColumn, csvStream } from "~/.server/http/csv-response";
import type { ZipEntry } from "~/.server/http/zip-response";
import { storage } from "~/.server/storage";
import { CLIENT_CSV, exportClients } from "../clients/export.server";
import { CONTACT_CSV, exportContacts } from "../contacts/export.server";
import { CONTRACT_CSV, exportContracts } from "../contracts/export.server";
import { contractListQuerySchema } from "../contracts/schema";
import { exportInquiries, INQUIRY_CSV } from "../inquiries/export.server";
import { exportProjects, PROJECT_CSV } from "../projects/export.server";
import { inChunks } from "./chunks.server";

const { industryTypes, playgroundOptions, projectImages, projects, clients, companySettings, contracts } = schema;

const csv = csvStream;

const INDUSTRY_TYPE_CSV: CsvColumn<{ name: string; description: string | null }>[] = [
  { header: "Name", value: (r) => r.name },
  { header: "Description", value: (r) => r.description },
];

const OPTION_CSV: CsvColumn<typeof playgroundOptions.$inferSelect>[] = [
  { header: "Option Name", value: (r) => r.optionName },
  { header: "Category", value: (r) => r.optionCategory },
  { header: "Description", value: (r) => r.description },
  { header: "Image", value: (r) => (r.imageKey ? `media/${r.imageKey}` : null) },
];

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

/** The archive's entries, in order: the records' CSV files, the media index, the files. */
export async function* everythingEntries(): AsyncGenerator<ZipEntry> {
  yield { name: "clients.csv", body: csv(CLIENT_CSV, exportClients({ q: "", industry: "" })) };
  yield { name: "contacts.csv", body: csv(CONTACT_CSV, exportContacts("")) };
  yield { name: "projects.csv", body: csv(PROJECT_CSV, exportProjects({ q: "", status: "" })) };
  yield { name: "contracts.csv", body: csv(CONTRACT_CSV, exportContracts(contractListQuerySchema.parse({}))) };
  yield { name: "inquiries.csv", body: csv(INQUIRY_CSV, exportInquiries({})) };
  yield {
    name: "industry-types.csv",
    body: csv(
      INDUSTRY_TYPE_CSV,
      inChunks((limit, offset) =>
        db()
          .select({ name: industryTypes.name, description: industryTypes.description })
          .from(industryTypes)
          .orderBy(asc(industryTypes.name))
          .limit(limit)
          .offset(offset),
      ),
    ),
  };
  yield {
    name: "playground-options.csv",
    body: csv(
      OPTION_CSV,
      inChunks((limit, offset) =>
        db().select().from(playgroundOptions).orderBy(asc(playgroundOptions.optionName)).limit(limit).offset(offset),
      ),
    ),
  };
  yield { name: "media.csv", body: csv(MEDIA_CSV, inChunks(readMedia)) };
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
