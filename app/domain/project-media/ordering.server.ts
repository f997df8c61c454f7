// Display order of a project's images (per category) and videos: always
// 0..n-1 without gaps or repeats. Every write that changes the set or the
// order first locks the project row (`FOR NO KEY UPDATE`, the lock the upload
// endpoint takes), so writers to one project's media take turns and each sees
// what the previous one committed.
import { asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { db, schema, type Tx } from "~/.server/db";
import { withActor } from "~/.server/db/history-scope";
import { InvalidInputError, NotFoundError } from "../errors";

const { projects } = schema;

export const PROJECT_GONE = "This project does not exist (it may have been deleted).";

/** Takes the project's media lock for the rest of the transaction; NotFoundError when the project is gone. */
export async function lockProject(tx: Tx, projectId: string): Promise<void> {
  const [project] = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.id, projectId))
    .for("no key update");
  if (!project) throw new NotFoundError(PROJECT_GONE);
}

/**
 * The order to store, from what the client sent and what is there now (in its
 * current order): the sent ids that still exist, in the sent order, then the
 * ones the client did not know about (uploaded meanwhile), in their current
 * order. Ids sent twice count once, where they first appear.
 */
export function mergeOrder(sent: readonly string[], current: readonly string[]): string[] {
  const present = new Set(current);
  const placed = new Set<string>();
  for (const id of sent) if (present.has(id)) placed.add(id);
  return [...placed, ...current.filter((id) => !placed.has(id))];
}

type OrderedTable = typeof schema.projectImages | typeof schema.projectVideos;

/**
 * Gives each id its index as display_order, in one UPDATE (rows already in
 * place are left alone, so their updated_at does not move).
 */
export async function writeOrder(tx: Tx, table: OrderedTable, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = sql.join(
    ids.map((id, index) => sql`(${id}::uuid, ${index}::int)`),
    sql`, `,
  );
  await tx.execute(sql`
    update ${table} as t set display_order = v.ord
    from (values ${rows}) as v(id, ord)
    where t.id = v.id and t.display_order <> v.ord`);
}

/**
 * Stores a new order for the rows of `table` matching `scope` (a project's
 * videos, or its images of one category), under the project's lock: `ids`
 * merged with what is there now (mergeOrder), numbered 0..n-1 whatever ran at
 * the same time. An id that exists outside the scope is refused with
 * `elsewhere`; one deleted meanwhile is skipped. Returns the stored order.
 */
export function reorderWithin(input: {
  projectId: string;
  table: OrderedTable;
  scope: SQL;
  ids: readonly string[];
  elsewhere: string;
}): Promise<string[]> {
  const { projectId, table, scope, ids } = input;
  return db().transaction(async (tx) => {
    await withActor(tx);
    await lockProject(tx, projectId);
    const current = await tx
      .select({ id: table.id })
      .from(table)
      .where(scope)
      .orderBy(asc(table.displayOrder), asc(table.createdAt), asc(table.id));
    const currentIds = current.map((row) => row.id);
    const known = new Set(currentIds);
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length > 0) {
      const [elsewhere] = await tx.select({ id: table.id }).from(table).where(inArray(table.id, unknown)).limit(1);
      if (elsewhere) throw new InvalidInputError(input.elsewhere);
    }
    const order = mergeOrder(ids, currentIds);
    await writeOrder(tx, table, order);
    return order;
  });
}

/**
 * Renumbers the rows matching `scope` from 0 in their current order (after a
 * delete), in one UPDATE. Ties (never expected) fall back to age, then id.
 */
export async function closeGaps(tx: Tx, table: OrderedTable, scope: SQL): Promise<void> {
  await tx.execute(sql`
    update ${table} as t set display_order = v.ord
    from (
      select id, (row_number() over (order by display_order, created_at, id) - 1)::int as ord
      from ${table} where ${scope}
    ) as v
    where t.id = v.id and t.display_order <> v.ord`);
}
