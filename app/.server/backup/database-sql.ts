// An archive's database: pg_dump's plain SQL (PostgreSQL's tools; for PGlite, pglite-tools' pg_dump and PGlite).
import { spawn } from "node:child_process";
import fs from "node:fs";
import readline from "node:readline";
import { Readable } from "node:stream";
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import { AFTER_RESTORE, TABLES_WITHOUT_ROWS } from "~/tables/backup";
import type { Database } from "../db";
import { dumpEmbedded } from "../db/client";
import { BackupError } from "./errors";
import { appliedMigrations, type Queryable } from "./migrations";

export type DumpSource = { kind: "pglite"; client: PGlite } | { kind: "postgres"; url: string };

export function dumpSourceOf(database: Database): DumpSource {
  return database.kind === "pglite"
    ? { kind: "pglite", client: database.raw as PGlite }
    : { kind: "postgres", url: (database.raw as pg.Pool).options.connectionString! };
}

// SQL that PostgreSQL 15 and later and PGlite all run: INSERTs rather than COPY (PGlite cannot
// read COPY data from a script), and no owners or grants (they name roles the target may lack).
const DUMP_ARGS = [
  "--no-owner",
  "--no-privileges",
  "--rows-per-insert=1000",
  ...TABLES_WITHOUT_ROWS.map((table) => `--exclude-table-data=public.${table}`),
];

// After the dump's own `set_config('search_path', '', …)`, the statement needs the schema again.
const AFTER_DUMP = `\nset search_path to public;\n${AFTER_RESTORE};\n`;

/** Runs pg_dump or psql on the database at `url`; its password goes through the environment, not the command line. */
function runClientTool(command: string, args: string[], url: string, input?: Readable): Promise<void> {
  const target = new URL(url);
  const password = decodeURIComponent(target.password);
  target.password = "";
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...args, "--dbname", target.toString()], {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      stdio: [input ? "pipe" : "ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr!.on("data", (chunk) => (stderr += chunk));
    child.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "ENOENT"
          ? new BackupError(
              `${command} was not found: install PostgreSQL's client tools of your server's major version ` +
                "(Debian: postgresql-client-15 for PostgreSQL 15).",
            )
          : error,
      ),
    );
    child.once("close", (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${command} failed: ${stderr.trim() || `exit code ${code}`}`)),
    );
    if (input) {
      // psql stops reading at the first error; what was left unsent does not matter.
      child.stdin!.on("error", () => {});
      input.pipe(child.stdin!);
    }
  });
}

async function withPostgres<T>(url: string, work: (client: Queryable) => Promise<T>): Promise<T> {
  const { default: pg } = await import("pg"); // PostgreSQL only
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client as unknown as Queryable);
  } finally {
    await client.end();
  }
}

/** Writes the source's SQL to `file`, with what the manifest says about it. */
export async function dumpDatabase(
  source: DumpSource,
  file: string,
): Promise<{ serverVersion: string; migrations: string[] }> {
  const dump = async (db: Queryable) => {
    const version = await db.query<{ server_version: string }>("show server_version");
    const before = await appliedMigrations(db);
    if (source.kind === "pglite")
      await fs.promises.writeFile(file, await dumpEmbedded(source.client, DUMP_ARGS), { flag: "wx" });
    else await runClientTool("pg_dump", [...DUMP_ARGS, "--file", file], source.url);
    // A server of a newer version starting meanwhile would have changed the schema under the dump.
    if ((await appliedMigrations(db)).join() !== before.join()) {
      throw new BackupError("The database was migrated while the backup was made: run the backup again.");
    }
    return { serverVersion: version.rows[0]!.server_version.split(" ")[0]!, migrations: before };
  };
  return source.kind === "pglite" ? dump(source.client) : withPostgres(source.url, dump);
}

/** Refuses a PostgreSQL database that holds any table: a restore recreates every one of them. */
export async function assertPostgresEmpty(url: string): Promise<void> {
  const found = await withPostgres(url, (db) =>
    db.query<{ name: string }>(
      `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p', 'v', 'm', 'f') order by 1`,
    ),
  );
  if (found.rows.length > 0) {
    const names = found.rows.slice(0, 3).map((row) => row.name);
    const more = found.rows.length > 3 ? ` and ${found.rows.length - 3} more` : "";
    throw new BackupError(
      `The target database is not empty (it has ${names.join(", ")}${more}): restore only into a new, empty database.`,
    );
  }
}

/** Runs the SQL in one transaction of psql: all of it or nothing. */
export async function loadIntoPostgres(url: string, file: string): Promise<void> {
  const version = await withPostgres(url, (db) =>
    db.query<{ v: number }>("select current_setting('server_version_num')::int as v"),
  );
  // The embedded database's pg_dump is newer: its one setting that PostgreSQL 15 and 16 lack.
  const older = version.rows[0]!.v < 170000;
  const lines = readline.createInterface({ input: fs.createReadStream(file, "utf8"), crlfDelay: Infinity });
  const input = Readable.from(
    (async function* () {
      for await (const line of lines) if (!(older && line === "SET transaction_timeout = 0;")) yield `${line}\n`;
      yield AFTER_DUMP;
    })(),
  );
  try {
    await runClientTool("psql", ["-X", "-q", "-v", "ON_ERROR_STOP=1", "--single-transaction", "-f", "-"], url, input);
  } catch (error) {
    if (!(error instanceof BackupError) || !error.message.startsWith("psql failed")) throw error;
    throw new BackupError(`Could not restore the database: ${error.message.slice("psql failed: ".length)}`);
  }
}

/** Runs the SQL in a new embedded database (the caller discards it if this fails). */
export async function loadIntoPglite(client: PGlite, file: string): Promise<void> {
  // psql's \restrict lines (pg_dump since 15.14) are no SQL.
  const text = (await fs.promises.readFile(file, "utf8")).replace(/^\\(?:un)?restrict\b.*$/gm, "");
  try {
    await client.exec(text + AFTER_DUMP);
  } catch (error) {
    throw new BackupError(`Could not restore the database: ${error instanceof Error ? error.message : error}`);
  }
}
