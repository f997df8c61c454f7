// Disabled accounts: sessions end at once, sign-in is refused, nobody disables
// themselves, and one active administrator always remains.
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeProject } from "#tests/helpers/factories";
import { createUser, request } from "#tests/helpers/users";
import { getUser } from "~/.server/auth/access";
import { DISABLED_ACCOUNT_MESSAGE } from "~/.server/auth/messages";
import { db, schema } from "~/.server/db";
import { listAudit } from "../audit/audit.server";
import { createShareLink, listShareLinks } from "../share-links/share-links.server";
import { changeName } from "./account.server";
import { LAST_ADMIN_MESSAGE } from "./admins.server";
import { disableAccount, enableAccount } from "./disable.server";
import { listAccounts, setRole, signIn } from "./users.server";

withTestDatabase();

let ipCount = 0;
const ip = () => `198.51.100.${++ipCount}`;

describe("disabling an account", () => {
  test("ends its sessions at once, refuses its sign-in, and enabling it lets it back in", async () => {
    const admin = await createUser({ role: "admin" });
    const staff = await createUser({ role: "staff" });
    expect(await getUser(request("/admin", { user: staff }))).not.toBeNull();

    await disableAccount(admin, staff.id);
    expect(await getUser(request("/admin", { user: staff }))).toBeNull();
    expect(await db().select().from(schema.session).where(eq(schema.session.userId, staff.id))).toEqual([]);
    expect(await signIn({ email: staff.email, password: staff.password, ip: ip() })).toMatchObject({
      ok: false,
      status: 403,
      message: DISABLED_ACCOUNT_MESSAGE,
    });
    expect((await listAccounts()).find((account) => account.id === staff.id)?.disabled).toBe(true);

    await enableAccount(admin, staff.id);
    expect((await signIn({ email: staff.email, password: staff.password, ip: ip() })).ok).toBe(true);

    const actions = (await db().select().from(schema.auditLog).where(eq(schema.auditLog.targetId, staff.id))).map(
      (row) => [row.action, row.actorName],
    );
    expect(actions).toEqual(
      expect.arrayContaining([
        ["account.disabled", admin.name],
        ["account.enabled", admin.name],
      ]),
    );
  });

  test("what a disabled account made keeps its name", async () => {
    const admin = await createUser({ role: "admin" });
    const staff = await createUser({ role: "staff", name: "Leaving Lee" });
    const project = await makeProject({ clientId: (await makeClient()).id });
    await createShareLink({ target: { projectId: project.id }, expiresOn: null, userId: staff.id });
    const me = (await getUser(request("/admin", { user: staff })))!;
    await changeName(me, "Lee Leaving");

    await disableAccount(admin, staff.id);
    const [link] = await listShareLinks({ projectId: project.id });
    expect(link?.createdBy).toBe("Lee Leaving");
    const theirs = (await listAudit({ page: 1 })).rows.filter((entry) => entry.action === "account.name-changed");
    expect(theirs.map((entry) => entry.actorName)).toContain("Leaving Lee");
    expect((await listAccounts()).find((account) => account.id === staff.id)).toMatchObject({
      name: "Lee Leaving",
      disabled: true,
    });
  });

  test("an administrator cannot disable themselves, and staff cannot disable anyone", async () => {
    const admin = await createUser({ role: "admin" });
    const staff = await createUser({ role: "staff" });
    await expect(disableAccount(admin, admin.id)).rejects.toThrow("You cannot disable your own account.");
    await expect(disableAccount(staff, admin.id)).rejects.toThrow("Only administrators can change access.");
  });

  test("the last active administrator can be neither disabled nor demoted; a disabled one does not count", async () => {
    const me = await createUser({ role: "admin" });
    const other = await createUser({ role: "admin" });
    for (const account of await listAccounts()) {
      if (account.role === "admin" && account.id !== me.id && !account.disabled) await disableAccount(me, account.id);
    }
    // `other` is disabled, `me` is the one active admin left. `other` acting from a
    // session opened before (as the actor object here) cannot remove `me`.
    await expect(disableAccount(other, me.id)).rejects.toThrow(LAST_ADMIN_MESSAGE);
    await expect(setRole(other, me.id, "staff")).rejects.toThrow(LAST_ADMIN_MESSAGE);
    await enableAccount(me, other.id);
    await setRole(other, me.id, "staff");
    await setRole(other, me.id, "admin");
  });
});
