import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { createUser } from "#tests/helpers/users";
import { getUser } from "~/.server/auth/access";
import { db, schema } from "~/.server/db";
import { listAccounts, RoleChangeError, setRole, signIn, signOut, signUp } from "./users.server";

withTestDatabase();

const ip = () => `10.0.0.${Math.floor(Math.random() * 250)}`;

describe("accounts and roles", () => {
  test("the first account is admin, later ones wait for access", async () => {
    const first = await createUser();
    const second = await createUser();
    const roles = Object.fromEntries((await listAccounts()).map((a) => [a.email, a.role]));
    expect(roles[first.email]).toBe("admin");
    expect(roles[second.email]).toBe("pending");
  });

  test("a signed-up user is signed in; the session is stored and revoked by sign-out", async () => {
    const user = await createUser();
    const req = new Request("http://localhost/", { headers: { Cookie: user.cookie } });
    expect((await getUser(req))?.email).toBe(user.email);
    const sessionsBefore = await db().select().from(schema.session).where(eq(schema.session.userId, user.id));
    expect(sessionsBefore).toHaveLength(1);
    await signOut(new Request("http://localhost/", { method: "POST", headers: { Cookie: user.cookie } }));
    const sessionsAfter = await db().select().from(schema.session).where(eq(schema.session.userId, user.id));
    expect(sessionsAfter).toHaveLength(0);
    expect(await getUser(new Request("http://localhost/", { headers: { Cookie: user.cookie } }))).toBeNull();
  });

  test("sign-in accepts the right password and refuses a wrong one with the server's message", async () => {
    const user = await createUser();
    const ok = await signIn({ email: user.email, password: user.password, ip: ip() });
    expect(ok.ok).toBe(true);
    const wrong = await signIn({ email: user.email, password: "not-the-password", ip: ip() });
    expect(wrong).toMatchObject({ ok: false, status: 401, message: "Invalid email or password" });
  });

  test("passwords are stored hashed, never in clear", async () => {
    const user = await createUser();
    const [account] = await db().select().from(schema.account).where(eq(schema.account.userId, user.id));
    expect(account?.password).toBeTruthy();
    expect(account?.password).not.toContain(user.password);
  });

  test("signing up twice with one email is refused", async () => {
    const user = await createUser();
    const again = await signUp({ fullName: "Someone", email: user.email, password: "another-long-one", ip: ip() });
    expect(again).toMatchObject({ ok: false, status: 422, message: "User already exists. Use another email." });
  });

  test("too many sign-in attempts for one email are refused, whatever the address they come from", async () => {
    const user = await createUser();
    let last;
    for (let i = 0; i < 9; i++) last = await signIn({ email: user.email, password: "wrong-password", ip: ip() });
    expect(last).toMatchObject({ ok: false, status: 429 });
    expect(last?.ok === false && last.message).toMatch(/^Too many attempts, try again in \d+ minutes?$/);
    // Even the right password waits for the window to pass.
    const right = await signIn({ email: user.email, password: user.password, ip: ip() });
    expect(right).toMatchObject({ ok: false, status: 429 });
  });

  test("too many attempts from one address are refused", async () => {
    const address = "192.0.2.77";
    let last;
    for (let i = 0; i < 31; i++)
      last = await signIn({ email: `nobody${i}@example.com`, password: "whatever-1", ip: address });
    expect(last).toMatchObject({ ok: false, status: 429 });
  });
});

describe("setRole", () => {
  test("an admin grants and revokes staff access", async () => {
    const admin = await createUser({ role: "admin" });
    const newcomer = await createUser({ role: "pending" });
    await setRole(admin, newcomer.id, "staff");
    expect((await listAccounts()).find((a) => a.id === newcomer.id)?.role).toBe("staff");
    await setRole(admin, newcomer.id, "pending");
    expect((await listAccounts()).find((a) => a.id === newcomer.id)?.role).toBe("pending");
  });

  test("staff cannot change roles, nobody changes their own, and the last admin stays", async () => {
    const admin = await createUser({ role: "admin" });
    const staff = await createUser({ role: "staff" });
    await expect(setRole(staff, admin.id, "pending")).rejects.toThrow(RoleChangeError);
    await expect(setRole(admin, admin.id, "staff")).rejects.toThrow("You cannot change your own access.");
    // Demote every other admin, then try to demote the last one through another admin.
    const otherAdmin = await createUser({ role: "admin" });
    for (const account of await listAccounts()) {
      if (account.role === "admin" && account.id !== admin.id && account.id !== otherAdmin.id) {
        await setRole(admin, account.id, "staff");
      }
    }
    await setRole(otherAdmin, admin.id, "staff");
    const adminNowStaff = { ...admin, role: "staff" as const };
    await expect(setRole(adminNowStaff, otherAdmin.id, "staff")).rejects.toThrow(RoleChangeError);
    await expect(setRole({ ...otherAdmin, role: "admin" }, otherAdmin.id, "staff")).rejects.toThrow();
  });
});
