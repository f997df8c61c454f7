// Accounts when two requests arrive at once. On PGlite (one connection) they
// run one after the other; on PostgreSQL they really race, which is why this
// file is in the PostgreSQL pass (POSTGRES_TEST_FILES in vitest.config.ts).
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { mailedToken } from "#tests/helpers/outbox";
import { createUser } from "#tests/helpers/users";
import { db, schema } from "~/.server/db";
import { disableAccount } from "./disable.server";
import { acceptInvitation, invite } from "./invitations.server";
import { listAccounts, signIn } from "./users.server";

withTestDatabase();

describe("two at once", () => {
  test("a burst of simultaneous guesses is counted before any of them is checked", async () => {
    const owner = await createUser();
    const guesser = "192.0.2.68";
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => signIn({ email: owner.email, password: "wrong-password", ip: guesser })),
    );
    const checked = answers.filter((answer) => !answer.ok && answer.status === 401).length;
    expect(checked).toBeLessThan(12);
  });

  test("two administrators disabling each other at the same moment: exactly one succeeds", async () => {
    const first = await createUser({ role: "admin" });
    const second = await createUser({ role: "admin" });
    for (const account of await listAccounts()) {
      const leave = [first.id, second.id].includes(account.id);
      if (account.role === "admin" && !leave && !account.disabled) await disableAccount(first, account.id);
    }
    const outcomes = await Promise.allSettled([disableAccount(first, second.id), disableAccount(second, first.id)]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const active = (await listAccounts()).filter((account) => account.role === "admin" && !account.disabled);
    expect(active).toHaveLength(1);
  });

  test("two submissions of one invitation link at once make one account", async () => {
    const admin = await createUser({ role: "admin" });
    const email = `invitee-${Date.now()}@example.com`;
    await invite(admin, { email, role: "staff" });
    const token = mailedToken(email, "/auth/invitation")!;
    const accept = (ip: string) => acceptInvitation({ token, name: "New Invitee", password: "welcome-swing-2026", ip });
    const outcomes = await Promise.all([accept("192.0.2.1"), accept("192.0.2.2")]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(await db().select().from(schema.user).where(eq(schema.user.email, email))).toHaveLength(1);
  });
});
