// Invitations: 7 days, once, revocable; the invitee lands with the role and a verified address.
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { mailedToken } from "#tests/helpers/outbox";
import { cookieHeader, createUser, request } from "#tests/helpers/users";
import { getUser } from "~/.server/auth/access";
import { db, schema } from "~/.server/db";
import {
  acceptInvitation,
  findInvitation,
  INVITATION_INVALID,
  invite,
  listOpenInvitations,
  revokeInvitation,
} from "./invitations.server";

withTestDatabase();

let count = 0;
const address = () => `invitee-${Date.now()}-${++count}@example.com`;
const tokenFor = (email: string) => mailedToken(email, "/auth/invitation")!;
const accept = (token: string, email = "") =>
  acceptInvitation({
    token,
    name: `New ${email.slice(0, 12)}`,
    password: "welcome-swing-2026",
    ip: `192.0.2.${++count}`,
  });

describe("invitations", () => {
  test("an invitee sets name and password, lands with the role, verified, and signed in; the link works once", async () => {
    const admin = await createUser({ role: "admin" });
    for (const role of ["staff", "admin"] as const) {
      const email = address();
      await invite(admin, { email, role });
      const token = tokenFor(email);
      expect(await findInvitation(token)).toMatchObject({ email, role, invitedBy: admin.name });
      const accepted = await accept(token, email);
      if (!accepted.ok) throw new Error(accepted.message);
      const me = await getUser(request("/admin", { headers: { Cookie: cookieHeader(accepted.setCookies) } }));
      expect(me).toMatchObject({ email, role, emailVerified: true });
      expect(await accept(token, email)).toMatchObject({ ok: false, message: INVITATION_INVALID });
      const [row] = await db().select().from(schema.auditLog).where(eq(schema.auditLog.targetId, me!.id));
      expect(row).toMatchObject({ action: "invitation.accepted", actorId: me!.id });
    }
  });

  test("an invitation older than 7 days, or revoked, or replaced by a newer one, is refused", async () => {
    const admin = await createUser({ role: "admin" });
    const expired = address();
    await invite(admin, { email: expired, role: "staff" });
    const [row] = await db().select().from(schema.invitation).where(eq(schema.invitation.email, expired));
    const days = (row!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    await db()
      .update(schema.invitation)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.invitation.id, row!.id));
    expect(await accept(tokenFor(expired))).toMatchObject({ ok: false, message: INVITATION_INVALID });

    const revoked = address();
    await invite(admin, { email: revoked, role: "staff" });
    const [open] = (await listOpenInvitations()).filter((invitation) => invitation.email === revoked);
    await revokeInvitation(admin, open!.id);
    expect(await findInvitation(tokenFor(revoked))).toBeUndefined();
    expect(await accept(tokenFor(revoked))).toMatchObject({ ok: false, message: INVITATION_INVALID });
    await expect(revokeInvitation(admin, open!.id)).rejects.toThrow(
      "That invitation was already used, revoked or expired.",
    );

    const twice = address();
    await invite(admin, { email: twice, role: "staff" });
    const first = tokenFor(twice);
    await invite(admin, { email: twice, role: "admin" });
    expect(await accept(first)).toMatchObject({ ok: false });
    expect((await accept(tokenFor(twice))).ok).toBe(true);
  });

  test("only administrators invite, and never an address that has an account", async () => {
    const admin = await createUser({ role: "admin" });
    const staff = await createUser({ role: "staff" });
    await expect(invite(staff, { email: address(), role: "staff" })).rejects.toThrow(
      "Only administrators can change access.",
    );
    await expect(invite(admin, { email: staff.email, role: "staff" })).rejects.toThrow(
      "An account with this email already exists.",
    );
  });
});
