// /admin/account: name, password (asks the current one, signs out the other
// sessions), address (a link to the new one), and the sessions list.
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { mailedToken, mailsTo } from "#tests/helpers/outbox";
import { cookieHeader, createUser, request, type TestUser } from "#tests/helpers/users";
import { getSession, getUser, type SessionUser } from "~/.server/auth/access";
import { db, schema } from "~/.server/db";
import {
  changeName,
  changePassword,
  listSessions,
  requestEmailChange,
  signOutOtherSessions,
  signOutSession,
  WRONG_CURRENT_PASSWORD,
} from "./account.server";
import { signIn, verifyEmail } from "./users.server";

withTestDatabase();

let ipCount = 0;
const ip = () => `192.0.2.${++ipCount}`;

async function asSignedIn(user: TestUser, cookie = user.cookie) {
  const req = request("/admin/account", { headers: { Cookie: cookie } });
  const me = (await getUser(req)) as SessionUser;
  return { me, headers: req.headers, req };
}

async function anotherDevice(user: TestUser): Promise<string> {
  const outcome = await signIn({ email: user.email, password: user.password, ip: ip() });
  if (!outcome.ok) throw new Error(outcome.message);
  return cookieHeader(outcome.setCookies);
}

const auditOf = async (userId: string) =>
  (await db().select().from(schema.auditLog).where(eq(schema.auditLog.targetId, userId))).map((row) => row.action);

describe("the account page", () => {
  test("changing the name is recorded", async () => {
    const user = await createUser({ role: "staff" });
    const { me } = await asSignedIn(user);
    await changeName(me, "Renamed Person");
    expect((await asSignedIn(user)).me.name).toBe("Renamed Person");
    expect(await auditOf(user.id)).toContain("account.name-changed");
  });

  test("changing the password asks the current one and signs out every other session", async () => {
    const user = await createUser({ role: "staff" });
    const other = await anotherDevice(user);
    const { me, headers } = await asSignedIn(user);
    expect(
      await changePassword(headers, me, { currentPassword: "not-it-at-all", newPassword: "new-slide-2026" }),
    ).toMatchObject({ ok: false, message: WRONG_CURRENT_PASSWORD });

    const changed = await changePassword(headers, me, {
      currentPassword: user.password,
      newPassword: "new-slide-2026",
    });
    expect(changed.ok).toBe(true);
    expect(await getUser(request("/admin", { headers: { Cookie: other } }))).toBeNull();
    // This device goes on with the cookie it was given.
    const fresh = cookieHeader(changed.ok ? changed.setCookies : []);
    expect((await getUser(request("/admin", { headers: { Cookie: fresh } })))?.id).toBe(user.id);
    expect((await signIn({ email: user.email, password: "new-slide-2026", ip: ip() })).ok).toBe(true);
    expect(await auditOf(user.id)).toContain("password.changed");
  });

  test("a new address takes effect when the link mailed to it is followed; a taken one gets the same answer and no mail", async () => {
    const user = await createUser({ role: "staff" });
    const taken = await createUser();
    const { me, headers } = await asSignedIn(user);
    const newEmail = `moved-${Date.now()}@example.com`;

    expect(await requestEmailChange(headers, me, { newEmail, currentPassword: "wrong-one-here" })).toMatchObject({
      ok: false,
      message: WRONG_CURRENT_PASSWORD,
    });
    expect(await requestEmailChange(headers, me, { newEmail: taken.email, currentPassword: user.password })).toEqual({
      ok: true,
    });
    expect(mailsTo(taken.email).filter((mail) => mail.subject.includes("new Project Library address"))).toEqual([]);

    expect(await requestEmailChange(headers, me, { newEmail, currentPassword: user.password })).toEqual({ ok: true });
    // Nothing changes until the link is followed.
    expect((await asSignedIn(user)).me.email).toBe(user.email);
    const token = mailedToken(newEmail, "/auth/verify-email")!;
    expect(await verifyEmail(token)).toMatchObject({ ok: true, changedTo: newEmail });
    expect((await asSignedIn(user)).me.email).toBe(newEmail);
    expect(await auditOf(user.id)).toEqual(
      expect.arrayContaining(["account.email-change-requested", "account.email-changed"]),
    );
    // Spent: the account's address is no longer the one the link was made for.
    expect((await verifyEmail(token)).ok).toBe(false);
  });

  test("lists the sessions, signs out one, then every other", async () => {
    const user = await createUser({ role: "staff" });
    const second = await anotherDevice(user);
    const third = await anotherDevice(user);
    const { me, headers, req } = await asSignedIn(user);
    const sessions = await listSessions(user.id);
    expect(sessions).toHaveLength(3);
    const current = (await getSession(req)).sessionId;
    expect(sessions.map((session) => session.id)).toContain(current);

    const secondId = (await getSession(request("/admin", { headers: { Cookie: second } }))).sessionId!;
    await signOutSession(headers, me, secondId);
    expect(await getUser(request("/admin", { headers: { Cookie: second } }))).toBeNull();
    await expect(signOutSession(headers, me, secondId)).rejects.toThrow("That session has already ended.");

    await signOutOtherSessions(headers, me);
    expect(await getUser(request("/admin", { headers: { Cookie: third } }))).toBeNull();
    expect((await getUser(request("/admin", { user })))?.id).toBe(user.id);
    expect((await listSessions(user.id)).map((session) => session.id)).toEqual([current]);
  });

  test("nobody signs out another account's session", async () => {
    const owner = await createUser({ role: "staff" });
    const intruder = await createUser({ role: "staff" });
    const ownerSession = (await getSession(request("/admin", { user: owner }))).sessionId!;
    const { me, headers } = await asSignedIn(intruder);
    await expect(signOutSession(headers, me, ownerSession)).rejects.toThrow("That session has already ended.");
    expect(await getUser(request("/admin", { user: owner }))).not.toBeNull();
  });
});
