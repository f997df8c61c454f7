// Runs `fn` with the history trigger of `tables` off: for tests of what happens
// to files once nothing can restore them (with a history, a deleted or replaced
// file is kept for restoring: app/domain/history/history.test.ts).
import { sql } from "drizzle-orm";
import { db } from "~/.server/db";

export async function withoutHistory<T>(tables: string[], fn: () => Promise<T>): Promise<T> {
  const toggle = (state: "enable" | "disable") =>
    Promise.all(
      tables.map((table) =>
        db().execute(
          sql`alter table ${sql.identifier(table)} ${sql.raw(state)} trigger ${sql.identifier(`${table}_history`)}`,
        ),
      ),
    );
  await toggle("disable");
  try {
    return await fn();
  } finally {
    await toggle("enable");
  }
}
