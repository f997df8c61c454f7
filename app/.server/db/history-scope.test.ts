// Who a change is attributed to is said by the write itself (withActor), never added by the
// driver: a write that does not say it is the System's, whatever request it runs in.
import fs from "node:fs";
import path from "node:path";
import { eq, getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { db, schema } from "~/.server/db";
import { withActor, withHistoryScope } from "~/.server/db/history-scope";
import { DECLARED } from "~/tables/declared";

withTestDatabase();

const ann = { id: "00000000-0000-4000-8000-00000000a011", name: "Ann Lee" };

async function actorsOf(recordId: string) {
  const rows = await db()
    .select({
      id: schema.recordHistory.actorId,
      name: schema.recordHistory.actorName,
      batch: schema.recordHistory.batchId,
    })
    .from(schema.recordHistory)
    .where(eq(schema.recordHistory.recordId, recordId));
  return rows;
}

describe("the history's actor", () => {
  test("a write that names no actor is the System's, even inside a request's scope", async () => {
    const [single] = await withHistoryScope(ann, () =>
      db().insert(schema.industryTypes).values({ name: "Schools" }).returning(),
    );
    const inTransaction = await withHistoryScope(ann, () =>
      db().transaction(async (tx) => (await tx.insert(schema.industryTypes).values({ name: "Parks" }).returning())[0]!),
    );
    expect(await actorsOf(single!.id)).toEqual([{ id: null, name: "System", batch: null }]);
    expect(await actorsOf(inTransaction.id)).toEqual([{ id: null, name: "System", batch: null }]);
  });

  test("withActor names the scope's account, and its batch if it has one", async () => {
    await db().insert(schema.user).values({ id: ann.id, name: ann.name, email: "ann-actor@example.test" });
    const scoped = await withHistoryScope(ann, () =>
      db().transaction(async (tx) => {
        await withActor(tx);
        return (await tx.insert(schema.industryTypes).values({ name: "Museums" }).returning())[0]!;
      }),
    );
    const [batch] = await db()
      .insert(schema.importBatches)
      .values({ kind: "clients", fileName: "clients.csv", importedBy: ann.id, importedByName: ann.name })
      .returning();
    const given = await withHistoryScope(
      { id: null, name: "A visitor" },
      () =>
        db().transaction(async (tx) => {
          await withActor(tx);
          return (await tx.insert(schema.industryTypes).values({ name: "Zoos" }).returning())[0]!;
        }),
      batch!.id,
    );
    expect(await actorsOf(scoped.id)).toEqual([{ id: ann.id, name: "Ann Lee", batch: null }]);
    expect(await actorsOf(given.id)).toEqual([{ id: null, name: "A visitor", batch: batch!.id }]);
  });

  test("every transaction of the domain names its actor first, and no record is written outside one", () => {
    const audited = new Set([...DECLARED].filter(([, d]) => d.history === true).map(([name]) => name));
    const problems: string[] = [];
    const files = fs.readdirSync("app/domain", { recursive: true, encoding: "utf8" });
    for (const file of files.filter((f) => /\.server\.ts$/.test(f) && !f.includes(".test."))) {
      const text = fs.readFileSync(path.join("app/domain", file), "utf8");
      for (const match of text.matchAll(/\.transaction\(\s*(?:async\s*)?\((\w+)\)\s*=>\s*\{?\s*/g)) {
        const start = match.index + match[0].length;
        const first = text.slice(start, start + 80);
        if (!first.startsWith(`await withActor(${match[1]}`)) {
          problems.push(`${file}:${text.slice(0, match.index).split("\n").length} a transaction without withActor`);
        }
      }
      for (const match of text.matchAll(/db\(\)\s*\.(?:insert|update|delete)\(\s*(?:schema\.)?(\w+)/g)) {
        if (audited.has(tableNameOf(match[1]!) ?? "")) {
          problems.push(
            `${file}:${text.slice(0, match.index).split("\n").length} ${match[1]} written outside a transaction`,
          );
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

/** The SQL name of a table the domain names by its export (`industryTypes` → industry_types). */
function tableNameOf(exported: string): string | undefined {
  const table = (schema as Record<string, unknown>)[exported];
  return is(table, PgTable) ? getTableName(table) : undefined;
}
