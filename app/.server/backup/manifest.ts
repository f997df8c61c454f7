// manifest.json, an archive's first entry: what it holds, so a restore refuses a wrong archive before it touches any.
import { z } from "zod";
import { BackupError } from "./errors";

export const MANIFEST_FILE = "manifest.json";
/** The database as pg_dump's plain SQL. */
export const DATABASE_FILE = "database.sql";
export const UPLOADS_DIR = "uploads";
const FORMAT = "playfolio-backup";
/** 2: the database as pg_dump's SQL (decision 0051). */
export const FORMAT_VERSION = 2;

const manifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.literal(FORMAT_VERSION),
  createdAt: z.string(),
  /** Where the database came from: the embedded database or PostgreSQL. */
  source: z.enum(["pglite", "postgres"]),
  /** The version of the server that was dumped, as it says it (e.g. "15.18"). */
  serverVersion: z.string(),
  /** Tags of drizzle/meta/_journal.json applied to the source database, oldest first. */
  migrations: z.array(z.string()),
  /** False when uploads live in S3 and the archive holds the database only. */
  uploadsIncluded: z.boolean(),
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
  if (typeof head.formatVersion === "number" && head.formatVersion !== FORMAT_VERSION) {
    throw new BackupError(
      head.formatVersion > FORMAT_VERSION
        ? `This backup was made by a newer version of Playfolio (archive format ${head.formatVersion}, ` +
            `this version reads ${FORMAT_VERSION}): restore it with that version or newer.`
        : `This backup was made by an older version of Playfolio (archive format ${head.formatVersion}, ` +
            `this version reads ${FORMAT_VERSION}): restore it with that version, then back up again with this one.`,
    );
  }
  const result = manifestSchema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new BackupError(`This backup's manifest.json is invalid: ${issue.path.join(".")} ${issue.message}`);
  }
  return result.data;
}
