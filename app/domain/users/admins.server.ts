// "One active administrator always remains": every change that could take the
// last one away (a role change, disabling an account) takes one lock first, so
// two administrators demoting or disabling each other at the same moment
// cannot both succeed.
import { and, count, eq, ne, sql } from "drizzle-orm";
import { schema, type Tx } from "~/.server/db";
import { InvalidInputError } from "../errors";

const ADMIN_CHANGE_LOCK_ID = 7_406_220_016;

/** A refused change of access (routes answer it like any invalid request: 409 with the message). */
export class AccessChangeError extends InvalidInputError {}

export const LAST_ADMIN_MESSAGE = "At least one administrator must remain.";

export async function lockAdminChanges(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_CHANGE_LOCK_ID})`);
}

/** Throws unless an active administrator other than `userId` exists. Call after lockAdminChanges. */
export async function assertAnotherActiveAdmin(tx: Tx, userId: string): Promise<void> {
  const [others] = await tx
    .select({ n: count() })
    .from(schema.user)
    .where(and(eq(schema.user.role, "admin"), eq(schema.user.banned, false), ne(schema.user.id, userId)));
  if (!others?.n) throw new AccessChangeError(LAST_ADMIN_MESSAGE);
}

/** The account, locked for this transaction. */
export async function lockAccount(tx: Tx, userId: string) {
  const [target] = await tx
    .select({
      id: schema.user.id,
      name: schema.user.name,
      email: schema.user.email,
      role: schema.user.role,
      banned: schema.user.banned,
    })
    .from(schema.user)
    .where(eq(schema.user.id, userId))
    .for("update");
  if (!target) throw new AccessChangeError("That account no longer exists.");
  return target;
}
