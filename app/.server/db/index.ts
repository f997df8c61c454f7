// The process-wide database handle: server.ts (or a test's setup) opens it, the domain calls db().
import type { Database, Db } from "./client";

export type { Database, Db, Tx } from "./client";
export * as schema from "~/tables";

// On globalThis: the dev server's module reloads must not open the embedded database twice.
const holder = globalThis as unknown as { __playfolioDatabase?: Database };

export function setDatabase(database: Database | undefined): void {
  holder.__playfolioDatabase = database;
}

export function currentDatabase(): Database {
  const database = holder.__playfolioDatabase;
  if (!database) throw new Error("The database is not open yet");
  return database;
}

export function db(): Db {
  return currentDatabase().db;
}
