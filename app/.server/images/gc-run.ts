// The database for `npm run media:gc`: DATABASE_URL directly (recent files are spared), or the embedded one, locked.
import fs from "node:fs";
import path from "node:path";
import { acquireDataDirLock, readLock } from "../data-dir-lock";
import { openDatabase, type Database } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import type { Env } from "../env";

/** An expected failure, told in one line. */
export class MediaGcError extends Error {}

export async function withGcDatabase<T>(
  config: Pick<Env, "DATA_DIR" | "DATABASE_URL">,
  run: (database: Database) => Promise<T>,
): Promise<T> {
  if (config.DATABASE_URL) {
    const database = await openDatabase({ kind: "postgres", url: config.DATABASE_URL });
    try {
      await migrateDatabase(database);
      return await run(database);
    } finally {
      await database.close();
    }
  }

  const holder = readLock(config.DATA_DIR);
  if (holder) {
    throw new MediaGcError(
      `${config.DATA_DIR} is in use by a Playfolio ${holder.purpose} (pid ${holder.pid}): ` +
        `stop it, then run media:gc again (the embedded database has one user at a time).`,
    );
  }
  const dbDir = path.join(config.DATA_DIR, "db");
  if (!fs.existsSync(dbDir) || fs.readdirSync(dbDir).length === 0) {
    throw new MediaGcError(`There is no database in ${dbDir}: nothing to check.`);
  }
  const lock = acquireDataDirLock(config.DATA_DIR, "media-gc");
  try {
    const database = await openDatabase({ kind: "pglite", dataDir: dbDir });
    try {
      // The same migrations the server applies on start: the uploads table may be new.
      await migrateDatabase(database);
      return await run(database);
    } finally {
      await database.close();
    }
  } finally {
    lock.release();
  }
}
