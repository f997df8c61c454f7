// Disabling an account (better-auth's admin plugin calls it a ban): its sessions
// end at once and it cannot sign in again (the plugin refuses a banned account a
// new session), while its name stays on everything it made. Written here rather
// than through the plugin's endpoint so the checks, the change and its audit
// record are one transaction.
import { eq } from "drizzle-orm";
import type { SessionUser } from "~/.server/auth/access";
import { db, schema } from "~/.server/db";
import { withActor } from "~/.server/db/history-scope";
import { recordAudit } from "../audit/audit.server";
import { AccessChangeError, assertAnotherActiveAdmin, lockAccount, lockAdminChanges } from "./admins.server";

function assertAdmin(actor: SessionUser) {
  if (actor.role !== "admin") throw new AccessChangeError("Only administrators can change access.");
}

export async function disableAccount(actor: SessionUser, userId: string): Promise<{ name: string; email: string }> {
  assertAdmin(actor);
  if (actor.id === userId) throw new AccessChangeError("You cannot disable your own account.");
  return db().transaction(async (tx) => {
    await withActor(tx);
    await lockAdminChanges(tx);
    const target = await lockAccount(tx, userId);
    if (target.banned) return target;
    if (target.role === "admin") await assertAnotherActiveAdmin(tx, userId);
    await tx
      .update(schema.user)
      .set({ banned: true, banReason: `Disabled by ${actor.name}`, banExpires: null })
      .where(eq(schema.user.id, userId));
    // Its open pages are refused on their next request.
    await tx.delete(schema.session).where(eq(schema.session.userId, userId));
    await recordAudit(actor, "account.disabled", { type: "user", id: target.id, label: target.email }, {}, tx);
    return target;
  });
}

export async function enableAccount(actor: SessionUser, userId: string): Promise<{ name: string; email: string }> {
  assertAdmin(actor);
  return db().transaction(async (tx) => {
    await withActor(tx);
    const target = await lockAccount(tx, userId);
    if (!target.banned) return target;
    await tx
      .update(schema.user)
      .set({ banned: false, banReason: null, banExpires: null })
      .where(eq(schema.user.id, userId));
    await recordAudit(actor, "account.enabled", { type: "user", id: target.id, label: target.email }, {}, tx);
    return target;
  });
}
