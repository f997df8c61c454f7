// Applies the committed SQL migrations in ./drizzle, on PGlite or PostgreSQL.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type pg from "pg";
import { logger } from "../logger";
import type { Database } from "./client";

/** The ./drizzle folder, found upward from this module (source or build). */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, "drizzle");
    if (fs.existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("Cannot find the drizzle/ migrations folder");
    dir = parent;
  }
}

// Any constant works; it only has to be the same in every process.
export const MIGRATION_LOCK_ID = 7_406_220_001;

/** How long an instance waits for another instance's migrations before it gives up. */
const LOCK_WAIT_MS = 10 * 60_000;
const LOCK_POLL_MS = 250;

// Polled with pg_try_advisory_lock: a waiting pg_advisory_lock is one statement the timeout would cut.
async function lockMigrations(client: pg.PoolClient, waitMs: number): Promise<void> {
  const started = performance.now();
  for (let told = false; ; told = true) {
    const { rows } = await client.query<{ locked: boolean }>("select pg_try_advisory_lock($1) as locked", [
      MIGRATION_LOCK_ID,
    ]);
    if (rows[0]?.locked) return;
    if (performance.now() - started >= waitMs) {
      throw new Error(
        `Gave up after ${(waitMs / 1000).toFixed(1)} s waiting for another instance to finish migrating the database`,
      );
    }
    if (!told) logger().info("waiting for another instance to finish migrating the database");
    await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
  }
}

export async function migrateDatabase(database: Database, options: { lockWaitMs?: number } = {}): Promise<void> {
  const folder = migrationsFolder();
  if (database.kind === "pglite") {
    await migratePglite(drizzlePglite({ client: database.raw as PGlite }), { migrationsFolder: folder });
    return;
  }
  const [{ drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import("drizzle-orm/node-postgres"),
    import("drizzle-orm/node-postgres/migrator"),
  ]);
  // Two servers starting at once against one PostgreSQL must not both migrate.
  const client = await (database.raw as pg.Pool).connect();
  try {
    await lockMigrations(client, options.lockWaitMs ?? LOCK_WAIT_MS);
    try {
      await migratePg(drizzlePg({ client }), { migrationsFolder: folder });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    }
  } finally {
    client.release();
  }
}
