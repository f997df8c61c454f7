// Files a deletion or a replacement let go are kept while the change can be
// taken back (decision 0060): a deleted project's images, a replaced logo, a
// removed contract document. The discard functions ask here before removing a
// file, and media:gc counts these keys as referenced until they age out.
import { getTableName, sql } from "drizzle-orm";
import { db } from "~/.server/db";
import type { FileColumn } from "~/.server/images/gc";
import { RESTORE_DAYS } from "~/tables/history";

const recent = sql`at > now() - make_interval(days => ${RESTORE_DAYS})`;

/** Whether the history still holds `key` as a value a row had (in any of `columns`, SQL names). */
export async function keptForRestore(key: string, columns: string[]): Promise<boolean> {
  const matches = sql.join(
    columns.map((column) => sql`before @> jsonb_build_object(${column}::text, ${key}::text)`),
    sql` or `,
  );
  const { rows } = await db().execute(sql`select 1 from record_history where (${matches}) and ${recent} limit 1`);
  return rows.length > 0;
}

/** For media:gc: the (key, width) pairs the history keeps for each column that names files. */
export function keptFileSelects(owners: readonly FileColumn[]) {
  return owners.map(
    (owner) => sql`select before ->> ${owner.key.name} as key,
        ${owner.width ? sql`(before ->> ${owner.width.name})::int` : sql`null::int`} as width
      from record_history
      where table_name = ${getTableName(owner.key.table)} and before ? ${owner.key.name}
        and before ->> ${owner.key.name} is not null and ${recent}`,
  );
}
