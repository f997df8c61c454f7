import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { cookieHeader, createUser } from "#tests/helpers/users";
import { getUser } from "~/.server/auth/access";
import { db, schema } from "~/.server/db";
import { AccessChangeError as RoleChangeError } from "./admins.server";
import { listAccounts, setRole, signIn, signOut } from "./users.server";

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

  test("an attacker's failures from one address do not stop the owner signing in from another", async () => {
    const owner = await createUser();
    const attacker = "192.0.2.66";
    let last;
    for (let i = 0; i < 40; i++) last = await signIn({ email: owner.email, password: "wrong-password", ip: attacker });
    expect(last).toMatchObject({ ok: false, status: 429 });
    expect(last?.ok === false && last.message).toMatch(/^Too many attempts, try again in \d+ minutes?$/);
    // Even the right password waits, from the attacker's address…
    expect(await signIn({ email: owner.email, password: owner.password, ip: attacker })).toMatchObject({
      ok: false,
      status: 429,
    });
    // …but not from the owner's.
    expect((await signIn({ email: owner.email, password: owner.password, ip: "198.51.100.10" })).ok).toBe(true);
  });

  test("failures are counted, not attempts: a success clears the account's count", async () => {
    const owner = await createUser();
    const home = "198.51.100.11";
    // The owner's browser keeps the cookies a sign-in sets, as a browser does.
    let cookie = "";
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) {
        expect(await signIn({ email: owner.email, password: "typo-password", ip: home, cookie })).toMatchObject({
          status: 401,
        });
      }
      const signedIn = await signIn({ email: owner.email, password: owner.password, ip: home, cookie });
      expect(signedIn.ok).toBe(true);
      cookie = cookieHeader(signedIn.ok ? signedIn.setCookies : []);
    }
  });

  test("after a few free failures each further one waits longer than the one before", async () => {
    const owner = await createUser();
    const guesser = "192.0.2.67";
    const key = `sign-in:ip-email:${guesser}:${owner.email}`;
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) await signIn({ email: owner.email, password: "wrong-password", ip: guesser });
    for (let i = 0; i < 5; i++) {
      const [row] = await db().select().from(schema.rateLimit).where(eq(schema.rateLimit.key, key));
      waits.push(row!.blockedUntil!.getTime() - Date.now());
      const refused = await signIn({ email: owner.email, password: "wrong-password", ip: guesser });
      expect(refused).toMatchObject({ ok: false, status: 429 });
      // The wait is over (as if time had passed): the next guess is checked, fails, and waits longer.
      await db()
        .update(schema.rateLimit)
        .set({ blockedUntil: new Date(Date.now() - 1000) })
        .where(eq(schema.rateLimit.key, key));
      expect(await signIn({ email: owner.email, password: "wrong-password", ip: guesser })).toMatchObject({
        status: 401,
      });
    }
    for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeGreaterThan(waits[i - 1]!);
    expect(waits.at(-1)!).toBeLessThanOrEqual(15 * 60_000);
  });

  test("many failures from one address, whatever the emails, are slowed down", async () => {
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
