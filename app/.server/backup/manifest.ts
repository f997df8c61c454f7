// manifest.json, the first entry of an archive: what it holds, so a restore can
// refuse a wrong archive before touching anything and check nothing is missing.
import { z } from "zod";
import { BackupError } from "./errors";

export const MANIFEST_FILE = "manifest.json";
const FORMAT = "playfolio-backup";
/** Bumped when a change would make an older Playfolio misread the archive. */
export const FORMAT_VERSION = 1;

const manifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.number().int().min(1),
  createdAt: z.string(),
  /** Where the rows came from: the embedded database or PostgreSQL. */
  source: z.enum(["pglite", "postgres"]),
  /** Tags of drizzle/meta/_journal.json applied to the source database, oldest first. */
  migrations: z.array(z.string()),
  /** In the order a restore inserts them; each has database/<name>.jsonl. */
  tables: z.array(
    z.object({
      // Also a file name in the archive, so nothing but an SQL-ish name.
      name: z.string().regex(/^[a-z_][a-z0-9_]*$/),
      rows: z.number().int().min(0),
      columns: z.array(z.string()),
    }),
  ),
  uploads: z.object({
    /** False when uploads live in S3 and the archive has only the database. */
    included: z.boolean(),
    files: z.number().int().min(0),
    bytes: z.number().int().min(0),
    /** Keys the database referred to whose file was deleted before it could be copied. */
    missing: z.array(z.string()),
  }),
});

export type Manifest = z.output<typeof manifestSchema>;

export function newManifest(fields: Omit<Manifest, "format" | "formatVersion">): Manifest {
  return { format: FORMAT, formatVersion: FORMAT_VERSION, ...fields };
}

export function parseManifest(text: string): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupError("This is not a Playfolio backup: its manifest.json is not valid JSON.");
  }
  const head = json as { format?: unknown; formatVersion?: unknown } | null;
  if (head?.format !== FORMAT)
    throw new BackupError("This is not a Playfolio backup (its manifest.json says otherwise).");
  if (typeof head.formatVersion === "number" && head.formatVersion > FORMAT_VERSION) {
    throw new BackupError(
      `This backup was made by a newer version of Playfolio (archive format ${head.formatVersion}, ` +
        `this version reads ${FORMAT_VERSION}): restore it with that version or newer.`,
    );
  }
  const result = manifestSchema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new BackupError(`This backup's manifest.json is invalid: ${issue.path.join(".")} ${issue.message}`);
  }
  return result.data;
}
