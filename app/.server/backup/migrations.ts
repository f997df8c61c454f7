// Which migrations a database has (tags of drizzle/meta/_journal.json), so an archive says which schema it holds.
import fs from "node:fs";
import path from "node:path";
import { migrationsFolder } from "../db/migrate";
import { BackupError } from "./errors";

/** A pg client, PGlite, or the embedded database's client: each answers a query with `{ rows }`. */
export interface Queryable {
  query<Row>(text: string): Promise<{ rows: Row[] }>;
}

interface JournalEntry {
  tag: string;
  when: number;
}

/** This code's migrations, oldest first. */
export function codeMigrations(): JournalEntry[] {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as {
    entries: JournalEntry[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/** The tags of the migrations applied to a database, oldest first; [] when it was never migrated. */
export async function appliedMigrations(db: Queryable): Promise<string[]> {
  const table = await db.query<{ present: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as "present"`,
  );
  if (!table.rows[0]?.present) return [];
  // Drizzle records each migration's journal timestamp ("when"), not its tag.
  const applied = await db.query<{ created_at: string | number }>(
    `select created_at from drizzle.__drizzle_migrations order by created_at`,
  );
  const tagByWhen = new Map(codeMigrations().map((entry) => [entry.when, entry.tag]));
  return applied.rows.map((row) => {
    const tag = tagByWhen.get(Number(row.created_at));
    if (!tag) {
      throw new BackupError(
        "The database has migrations this version of Playfolio does not know: it was upgraded by a newer version. " +
          "Back it up with that version.",
      );
    }
    return tag;
  });
}

/** Refuses an archive whose migrations are not the first ones of this code (made by a newer or diverging version). */
export function checkArchiveMigrations(archived: string[]): void {
  const code = codeMigrations().map((entry) => entry.tag);
  const mismatch = archived.findIndex((tag, index) => code[index] !== tag);
  if (mismatch === -1) return;
  if (mismatch >= code.length) {
    throw new BackupError(
      `This backup was made by a newer version of Playfolio (it has migration ${archived[mismatch]}, ` +
        `which this version lacks): restore it with that version or newer.`,
    );
  }
  throw new BackupError(
    `This backup's migrations do not match this version of Playfolio (it has ${archived[mismatch]} ` +
      `where this version has ${code[mismatch]}): restore it with the version that made it.`,
  );
}
