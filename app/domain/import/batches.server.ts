// The recent imports, for the import page's list (each can be undone there).
import { desc } from "drizzle-orm";
import { format } from "date-fns";
import { db, schema } from "~/.server/db";
import { RESTORE_MS } from "~/tables/history";
import { IMPORT_KIND_LABELS, type RecentImport } from "./fields";

export async function recentImports(limit = 10): Promise<RecentImport[]> {
  const { importBatches } = schema;
  const rows = await db().select().from(importBatches).orderBy(desc(importBatches.createdAt)).limit(limit);
  return rows.map((batch) => ({
    key: `batch:${batch.id}`,
    fileName: batch.fileName,
    kind: IMPORT_KIND_LABELS[batch.kind],
    by: batch.importedByName,
    at: format(batch.createdAt, "MMM d, yyyy, HH:mm"),
    result: `${batch.created} new, ${batch.updated} updated`,
    undone: batch.undoneAt ? format(batch.undoneAt, "MMM d, yyyy, HH:mm") : null,
    tooOld: Date.now() - batch.createdAt.getTime() > RESTORE_MS,
  }));
}
