// Who on staff is told by mail. One rule for every staff notification: the
// active (not disabled) administrators and staff members; someone who has left
// is disabled, and a pending account is not staff yet.
import { and, eq, inArray, type SQL } from "drizzle-orm";
import { db, schema } from "~/.server/db";

const activeStaff: SQL = and(inArray(schema.user.role, ["admin", "staff"]), eq(schema.user.banned, false))!;

/** Every active administrator's and staff member's address. */
export async function activeStaffEmails(): Promise<string[]> {
  const rows = await db().select({ email: schema.user.email }).from(schema.user).where(activeStaff);
  return rows.map((row) => row.email);
}

/**
 * The account `userId` if it is still active staff (it asked for this, e.g.
 * sent the contract); otherwise every active staff member, so the news still
 * reaches someone on staff.
 */
export async function staffOrEveryone(userId: string | null): Promise<string[]> {
  if (userId) {
    const [person] = await db()
      .select({ email: schema.user.email })
      .from(schema.user)
      .where(and(eq(schema.user.id, userId), activeStaff));
    if (person) return [person.email];
  }
  return activeStaffEmails();
}
