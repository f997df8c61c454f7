// Optimistic concurrency: an edit form carries the row's updated_at as its
// version; the update only applies when the row still has that version.
import { and, eq, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Tx } from "~/.server/db";
import { NotFoundError, StaleRecordError, staleMessage } from "./errors";

/** A row as an edit form gets it: its updated_at becomes the version the form sends back. */
export function withVersion<Row extends { updatedAt: Date }>({
  updatedAt,
  ...row
}: Row): Omit<Row, "updatedAt"> & { version: string } {
  return { ...row, version: updatedAt.toISOString() };
}

interface Versioned {
  id: PgColumn;
  updatedAt: PgColumn;
}

/**
 * Updates one row by id if its version matches, returning the new version.
 * Throws NotFoundError when the row is gone, StaleRecordError when it changed.
 */
export async function updateIfUnchanged<T extends PgTable & Versioned>(
  tx: Tx,
  table: T,
  id: string,
  version: string,
  values: Record<string, unknown>,
  thing: string,
): Promise<string> {
  const updated = await tx
    .update(table)
    .set(values as never)
    .where(and(eq(table.id, id), eq(table.updatedAt, sql`${version}::timestamptz`)))
    .returning({ updatedAt: table.updatedAt });
  if (updated[0]) return (updated[0].updatedAt as Date).toISOString();
  const [current] = await tx
    .select({ updatedAt: table.updatedAt })
    .from(table as PgTable)
    .where(eq(table.id, id));
  if (!current) throw new NotFoundError(`This ${thing} no longer exists.`);
  throw new StaleRecordError(staleMessage(thing), (current.updatedAt as Date).toISOString());
}
