// The history's retention: rows older than the kept days go (never those of the
// last 30, which restores and reverts use), with the import batches and the
// accounts' trail as old; an import past those 30 days is no longer undone.
import { eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient } from "#tests/helpers/factories";
import { db, schema } from "~/.server/db";
import { withHistoryScope } from "~/.server/db/history-scope";
import { recentImports } from "../import/batches.server";
import { undoImport } from "./history.server";
import { pruneExpiredCodes, pruneHistory } from "./prune.server";

withTestDatabase();

const { recordHistory, importBatches, auditLog } = schema;
const ann = { id: null, name: "Ann Lee" };

async function clientAged(name: string, days: number) {
  const client = await withHistoryScope(ann, () => makeClient({ name }));
  await db().execute(sql`update record_history set at = now() - make_interval(days => ${days})
    where record_id = ${client.id}`);
  return client.id;
}

const historyOf = async (recordId: string) =>
  (await db().select().from(recordHistory).where(eq(recordHistory.recordId, recordId))).length;

async function batchAged(days: number) {
  const [batch] = await db()
    .insert(importBatches)
    .values({
      kind: "clients",
      fileName: `aged-${days}.csv`,
      importedByName: "Ann Lee",
      createdAt: sql`now() - make_interval(days => ${days})`,
    })
    .returning();
  return batch!.id;
}

async function accountChangeAged(label: string, days: number) {
  await db()
    .insert(auditLog)
    .values({
      actorName: "Ann Lee",
      action: "account.disabled",
      targetType: "user",
      targetLabel: label,
      createdAt: sql`now() - make_interval(days => ${days})`,
    });
}

const accountChanges = async () =>
  (await db().select({ label: auditLog.targetLabel }).from(auditLog)).map((row) => row.label).sort();

describe("history retention", () => {
  test("history older than the kept days is deleted, a few rows per statement; the last 30 days always stay", async () => {
    const old = await clientAged("Old Oak", 400);
    const middle = await clientAged("Middle Elm", 100);
    const recent = await clientAged("Recent Ash", 29);
    const oldBatch = await batchAged(400);
    const keptBatch = await batchAged(100);

    // Two rows per statement: the loop goes on until a statement finds fewer.
    expect(await pruneHistory(365, 2)).toMatchObject({ batches: 1 });
    expect(await historyOf(old)).toBe(0);
    expect(await historyOf(middle)).toBeGreaterThan(0);
    expect(await historyOf(recent)).toBeGreaterThan(0);
    const batches = (await db().select({ id: importBatches.id }).from(importBatches)).map((b) => b.id);
    expect(batches).not.toContain(oldBatch);
    expect(batches).toContain(keptBatch);

    // Asked to keep fewer days than restores use, it keeps 30.
    await pruneHistory(7);
    expect(await historyOf(middle)).toBe(0);
    expect(await historyOf(recent)).toBeGreaterThan(0);
    // The records themselves are untouched.
    expect((await db().select({ name: schema.clients.name }).from(schema.clients)).map((c) => c.name).sort()).toEqual([
      "Middle Elm",
      "Old Oak",
      "Recent Ash",
    ]);
  });

  test("the accounts' trail (Team → Activity) is kept as long as the history, never under 30 days", async () => {
    await accountChangeAged("old@example.com", 400);
    await accountChangeAged("middle@example.com", 100);
    await accountChangeAged("recent@example.com", 29);

    expect(await pruneHistory(365, 1)).toMatchObject({ accountChanges: 1 });
    expect(await accountChanges()).toEqual(["middle@example.com", "recent@example.com"]);
    expect(await pruneHistory(7)).toMatchObject({ accountChanges: 1 });
    expect(await accountChanges()).toEqual(["recent@example.com"]);
  });

  test("an import older than 30 days is not undone (its history may be pruned): refused, and no Undo offered", async () => {
    const id = await batchAged(31);
    await expect(undoImport(id)).rejects.toThrow("Imports older than 30 days cannot be undone.");
    const [batch] = await db().select().from(importBatches).where(eq(importBatches.id, id));
    expect(batch!.undoneAt).toBeNull();
    expect((await recentImports()).find((i) => i.key === `batch:${id}`)).toMatchObject({ tooOld: true });
    const fresh = await batchAged(1);
    expect((await recentImports()).find((i) => i.key === `batch:${fresh}`)).toMatchObject({ tooOld: false });
  });
});

describe("expired codes and links", () => {
  // better-auth deletes them too, but only when some code or link is looked up (at most once a minute).
  test("verification rows past their expiry are deleted once a day; live ones stay", async () => {
    const row = (identifier: string, expiresAt: Date) => ({ identifier, value: "hash:0", expiresAt });
    const now = Date.now();
    await db()
      .insert(schema.verification)
      .values([
        row("sign-in-otp-gone@example.test", new Date(now - 60_000)),
        row("sign-in-otp-gone-too@example.test", new Date(now - 86_400_000)),
        row("sign-in-otp-live@example.test", new Date(now + 600_000)),
      ]);
    expect(await pruneExpiredCodes(1)).toBe(2);
    const left = await db().select({ identifier: schema.verification.identifier }).from(schema.verification);
    expect(left.map((r) => r.identifier)).toContain("sign-in-otp-live@example.test");
    expect(left.map((r) => r.identifier).filter((id) => id.includes("gone"))).toEqual([]);
  });
});
