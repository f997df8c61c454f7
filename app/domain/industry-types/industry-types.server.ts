// Industry types: the list clients are filed under. Renaming one renames it on
// its clients (a foreign key with ON UPDATE CASCADE); deleting one leaves its
// clients without a type (ON DELETE SET NULL).
import { asc, count, eq } from "drizzle-orm";
import { db, schema } from "~/.server/db";
import { withActor } from "~/.server/db/history-scope";
import { isUniqueViolation } from "~/.server/db/errors";
import { updateIfUnchanged } from "../versioned-update.server";
import { DuplicateError, NotFoundError } from "../errors";
import { columnValues, fieldColumns } from "../form-fields";
import { INDUSTRY_TYPE_FIELDS, type IndustryTypeInput } from "./schema";

const { industryTypes, clients } = schema;

export async function listIndustryTypes() {
  return db()
    .select({
      id: industryTypes.id,
      ...fieldColumns(industryTypes, INDUSTRY_TYPE_FIELDS),
      updatedAt: industryTypes.updatedAt,
    })
    .from(industryTypes)
    .orderBy(asc(industryTypes.name));
}

/** Names only, for selects and filters. */
export async function listIndustryTypeNames(): Promise<string[]> {
  const rows = await db().select({ name: industryTypes.name }).from(industryTypes).orderBy(asc(industryTypes.name));
  return rows.map((row) => row.name);
}

function duplicate(name: string) {
  return new DuplicateError(`An industry type named "${name}" already exists.`, "name");
}

export async function createIndustryType(input: IndustryTypeInput) {
  try {
    const [row] = await db().transaction(async (tx) => {
      await withActor(tx);
      return tx
        .insert(industryTypes)
        .values(columnValues(INDUSTRY_TYPE_FIELDS, input))
        .returning({ id: industryTypes.id });
    });
    return row!;
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(input.name);
    throw error;
  }
}

export async function updateIndustryType(id: string, version: string, input: IndustryTypeInput) {
  try {
    return await db().transaction(async (tx) => {
      await withActor(tx);
      return updateIfUnchanged(
        tx,
        industryTypes,
        id,
        version,
        columnValues(INDUSTRY_TYPE_FIELDS, input),
        "industry type",
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(input.name);
    throw error;
  }
}

/** Deletes the type; its clients keep their other details and lose the type. */
export async function deleteIndustryType(id: string): Promise<{ name: string; clientsAffected: number }> {
  return db().transaction(async (tx) => {
    await withActor(tx);
    const [type] = await tx.select({ name: industryTypes.name }).from(industryTypes).where(eq(industryTypes.id, id));
    if (!type) throw new NotFoundError("This industry type no longer exists.");
    const [usage] = await tx.select({ n: count() }).from(clients).where(eq(clients.industryType, type.name));
    await tx.delete(industryTypes).where(eq(industryTypes.id, id));
    return { name: type.name, clientsAffected: usage?.n ?? 0 };
  });
}

/** How many clients use each type, for the delete confirmation. */
export async function industryTypeUsage(): Promise<Map<string, number>> {
  const rows = await db()
    .select({ name: clients.industryType, n: count() })
    .from(clients)
    .groupBy(clients.industryType);
  return new Map(rows.filter((row) => row.name !== null).map((row) => [row.name!, row.n]));
}
