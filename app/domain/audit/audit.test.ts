// Issue 25 §3.7: Team → Activity showed the newest 50 rows with no pager, and
// anonymous forgot-password requests filled it. It is paged, filtered by person
// (who did it, or whose account it was) and by kind, and requests from people
// not signed in are left out unless asked for.
import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { createUser } from "#tests/helpers/users";
import { db } from "~/.server/db";
import { PAGE_SIZE } from "~/lib/pagination";
import { ANONYMOUS_ACTOR, listAudit, recordAudit } from "./audit.server";

withTestDatabase();

const account = (user: { id: string; email: string }) => ({ type: "user" as const, id: user.id, label: user.email });

describe("Team → Activity", () => {
  test("pages the trail, newest first, and leaves out forgot-password requests by people not signed in", async () => {
    const admin = await createUser({ role: "admin", name: "Ada Admin" });
    const staff = await createUser({ role: "staff" });
    const actor = { id: admin.id, name: admin.name };
    for (let i = 0; i < PAGE_SIZE + 5; i++) await recordAudit(actor, "password.reset-requested", account(staff));
    // A stranger asks for forty reset links: none of it is account activity by default.
    for (let i = 0; i < 40; i++) await recordAudit(null, "password.reset-asked", account(staff));
    await recordAudit(actor, "account.disabled", account(staff));
    // Rows written within one millisecond tie: make the last one plainly the newest.
    await db().execute(
      sql`update audit_log set created_at = now() + interval '1 minute' where action = 'account.disabled'`,
    );

    const first = await listAudit({ page: 1 });
    expect(first).toMatchObject({ total: PAGE_SIZE + 6, page: 1, pageCount: 2 });
    expect(first.rows).toHaveLength(PAGE_SIZE);
    expect(first.rows[0]!.action).toBe("account.disabled");
    expect(first.rows.every((row) => row.actorName !== ANONYMOUS_ACTOR)).toBe(true);
    const second = await listAudit({ page: 2 });
    expect(second.rows).toHaveLength(6);
    expect(new Set([...first.rows, ...second.rows].map((row) => row.id)).size).toBe(PAGE_SIZE + 6);

    const withStrangers = await listAudit({ page: 1, anonymous: "1" });
    expect(withStrangers.total).toBe(PAGE_SIZE + 46);
    expect(withStrangers.rows.some((row) => row.actorName === ANONYMOUS_ACTOR)).toBe(true);
  });

  test("filters by person, whether they did it or it was done to their account, and by kind", async () => {
    const admin = await createUser({ role: "admin" });
    const ann = await createUser({ role: "staff" });
    const bob = await createUser({ role: "staff" });
    await recordAudit({ id: ann.id, name: ann.name }, "password.changed", account(ann));
    await recordAudit({ id: admin.id, name: admin.name }, "account.disabled", account(ann));
    await recordAudit({ id: bob.id, name: bob.name }, "two-factor.enabled", account(bob));
    await recordAudit({ id: ann.id, name: ann.name }, "invitation.sent", { type: "invitation", label: "new@x.test" });

    const actions = async (query: Parameters<typeof listAudit>[0]) =>
      (await listAudit(query)).rows.map((row) => row.action).sort();
    expect(await actions({ page: 1, person: ann.id })).toEqual([
      "account.disabled",
      "invitation.sent",
      "password.changed",
    ]);
    expect(await actions({ page: 1, person: bob.id })).toEqual(["two-factor.enabled"]);
    expect(await actions({ page: 1, kind: "two-factor" })).toEqual(["two-factor.enabled"]);
    expect(await actions({ page: 1, person: ann.id, kind: "password" })).toEqual(["password.changed"]);
    expect(await actions({ page: 1, person: ann.id, kind: "account" })).toEqual(["account.disabled"]);
    expect(await listAudit({ page: 1, person: bob.id, kind: "invitation" })).toMatchObject({ rows: [], total: 0 });
  });
});
