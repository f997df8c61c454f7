// Import sessions in the database: each its uploader's only, gone after an
// hour, a few per person; an import whose process stopped reads as cut short
// (nothing imported) unless its batch committed, which makes it done.
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { createUser } from "#tests/helpers/users";
import { db, schema } from "~/.server/db";
import {
  CUT_SHORT,
  clearFailedJob,
  EXPIRED,
  importSession,
  MAX_SESSIONS_PER_PERSON,
  openImportSession,
  pruneImportSessions,
} from "./sessions.server";

withTestDatabase();

const open = (userId: string, text = "Name,Client\nAnn,Pine\n") =>
  openImportSession({ userId, kind: "contacts", fileName: "people.csv", bytes: new TextEncoder().encode(text) });
const { importSessions } = schema;
const set = (id: string, values: PgUpdateSetSource<typeof importSessions>) =>
  db().update(importSessions).set(values).where(eq(importSessions.id, id));

describe("import sessions", () => {
  test("what the mapping step needs is kept with the file; only its uploader has it, for an hour", async () => {
    const [ann, bob] = [await createUser({ role: "staff" }), await createUser({ role: "staff" })];
    const { id } = await open(ann.id, "Name,Email,Client\nAnn,ann@x.test,Pine\nBo,,Pine\n");
    expect(await importSession(id, ann.id)).toMatchObject({
      headers: ["Name", "Email", "Client"],
      examples: ["Ann, Bo", "ann@x.test", "Pine, Pine"],
      rowCount: 2,
      mapping: ["name", "email", "client"],
      job: null,
    });
    await expect(importSession(id, bob.id)).rejects.toThrow(EXPIRED);
    await expect(importSession("not-a-session", ann.id)).rejects.toThrow(EXPIRED);
    await set(id, { createdAt: sql`now() - interval '61 minutes'` });
    await expect(importSession(id, ann.id)).rejects.toThrow(EXPIRED);
    expect(await pruneImportSessions()).toBeGreaterThanOrEqual(1);
    expect(await db().select().from(importSessions).where(eq(importSessions.id, id))).toEqual([]);
  });

  test(`at most ${MAX_SESSIONS_PER_PERSON} per person: their oldest goes, nobody else's`, async () => {
    const [ann, bob] = [await createUser({ role: "staff" }), await createUser({ role: "staff" })];
    const bobs = await open(bob.id);
    const anns = [];
    for (let i = 0; i <= MAX_SESSIONS_PER_PERSON; i++) anns.push(await open(ann.id));
    await expect(importSession(anns[0]!.id, ann.id)).rejects.toThrow(EXPIRED);
    for (const kept of anns.slice(1)) expect((await importSession(kept.id, ann.id)).id).toBe(kept.id);
    expect((await importSession(bobs.id, bob.id)).id).toBe(bobs.id);
  });

  test("an import whose process stopped is cut short, nothing imported, and can be tried again", async () => {
    const ann = await createUser({ role: "staff" });
    const { id } = await open(ann.id);
    const stopped = { jobState: "running", jobBatchId: randomUUID(), jobInstance: "another process" } as const;
    // Said it ran a moment ago: another instance's import, running.
    await set(id, { ...stopped, jobProgress: 0.5, jobHeartbeatAt: sql`now()` });
    expect((await importSession(id, ann.id)).job).toEqual({ state: "running", progress: 0.5 });
    // Silent for longer than a heartbeat allows: its process stopped, and its transaction with it.
    await set(id, { jobHeartbeatAt: sql`now() - interval '31 seconds'` });
    const session = await importSession(id, ann.id);
    expect(session.job).toEqual({ state: "failed", progress: 0.5, message: CUT_SHORT });
    await clearFailedJob(session);
    expect((await importSession(id, ann.id)).job).toBeNull();
  });

  test("an import whose batch committed is done, whatever its process last wrote", async () => {
    const ann = await createUser({ role: "staff" });
    const { id } = await open(ann.id);
    const batchId = randomUUID();
    await db()
      .insert(schema.importBatches)
      .values({ id: batchId, kind: "contacts", fileName: "people.csv", importedByName: "Ann", created: 2, updated: 1 });
    await set(id, {
      jobState: "running",
      jobBatchId: batchId,
      jobInstance: "another process",
      jobHeartbeatAt: sql`now() - interval '1 hour'`,
    });
    expect((await importSession(id, ann.id)).job).toEqual({
      state: "done",
      progress: 1,
      outcome: { batchId, created: 2, updated: 1 },
    });
  });
});
