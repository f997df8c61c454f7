import { desc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeContact, makeImage, makeOption, makeProject } from "#tests/helpers/factories";
import { factories } from "#tests/factories";
import { db, schema, type Tx } from "~/.server/db";
import { withActor, withHistoryScope } from "~/.server/db/history-scope";
import { findGarbage } from "~/.server/images/gc";
import { storage } from "~/.server/storage";
import { STORED_FILES } from "../media/stored-files.server";
import { deleteClient, getClientForEdit, saveClient } from "../clients/clients.server";
import { clientFormSchema } from "../clients/schema";
import { deleteContact } from "../contacts/contacts.server";
import { invitePortalContact } from "../contacts/portal-access.server";
import { DOCUMENT_OUT_FOR_SIGNATURE } from "../contracts/document";
import { InvalidInputError, StaleRecordError } from "../errors";
import { deleteProject } from "../projects/project-lifecycle.server";
import { listActivity, recordHistoryEntries, restoreEntry, revertEntry } from "./history.server";
import { openEntryToken } from "./keys.server";
import type { HistoryEntry } from "./kinds";

withTestDatabase();

const { recordHistory } = schema;
const ann = { id: "00000000-0000-4000-8000-00000000a001", name: "Ann Lee" };
const bob = { id: "00000000-0000-4000-8000-00000000b002", name: "Bob Stone" };
beforeAll(async () => {
  for (const person of [ann, bob]) await factories(db()).user(person);
});
const asAnn = <T>(fn: () => Promise<T>) => withHistoryScope(ann, fn);
const asBob = <T>(fn: () => Promise<T>) => withHistoryScope(bob, fn);

/** The key an entry's button sends, as the route reads it. */
const keyOf = (entry: HistoryEntry) => openEntryToken(entry.key)!;

const values = (overrides: Record<string, unknown> = {}) =>
  clientFormSchema.parse({ name: "Sunny Park", ...overrides });

async function historyOf(recordId: string) {
  return db().select().from(recordHistory).where(eq(recordHistory.recordId, recordId)).orderBy(recordHistory.id);
}

const historyCount = async () =>
  (await db().execute<{ n: number }>(sql`select count(*)::int as n from record_history`)).rows[0]!.n;

describe("the history of every record", () => {
  test("a create and an update are recorded with who, when and the fields before and after", async () => {
    const { id } = await asAnn(() => saveClient({ values: values({ location: "Leeds" }), userId: ann.id }));
    const version = (await getClientForEdit(id))!.version;
    await asBob(() => saveClient({ id, values: values({ location: "York", version }), userId: bob.id }));

    const rows = await historyOf(id);
    expect(rows.map((r) => [r.operation, r.actorName, r.kind, r.tableName])).toEqual([
      ["insert", "Ann Lee", "client", "clients"],
      ["update", "Bob Stone", "client", "clients"],
    ]);
    expect(rows[0]!.after).toMatchObject({ name: "Sunny Park", location: "Leeds" });
    // Only what changed, with its value before and after (updated_at is bookkeeping).
    expect(rows[1]!.before).toEqual({ location: "Leeds" });
    expect(rows[1]!.after).toEqual({ location: "York" });
    expect(rows[1]!.actorId).toBe(bob.id);

    const [latest] = await recordHistoryEntries("client", id);
    expect(latest).toMatchObject({
      actor: "Bob Stone",
      summary: 'Changed client "Sunny Park"',
      changes: [{ field: "Location", before: "Leeds", after: "York" }],
      can: "revert",
    });
  });

  test("a failed write leaves no history row: the history is written in the change's transaction", async () => {
    const { id } = await asAnn(() => saveClient({ values: values(), userId: ann.id }));
    const before = await historyCount();
    // A stale save is refused after its transaction began.
    await expect(
      asAnn(() =>
        saveClient({ id, values: values({ name: "Other", version: new Date(0).toISOString() }), userId: ann.id }),
      ),
    ).rejects.toBeInstanceOf(StaleRecordError);
    // A transaction that wrote a row, then failed.
    await expect(
      asAnn(() =>
        db().transaction(async (tx) => {
          await tx.insert(schema.clients).values({ name: "Rolled back" });
          throw new Error("boom");
        }),
      ),
    ).rejects.toThrow("boom");
    expect(await historyCount()).toBe(before);
  });

  test("a statement inserting many rows is recorded by one call of the history trigger, not one per row", async () => {
    // An import's statements insert 500 rows each; a PL/pgSQL call and an insert per row held
    // the embedded database for seconds (decision 0089). The calls are counted by PostgreSQL.
    const { calls, recorded } = await asAnn(() =>
      db().transaction(async (tx) => {
        await withActor(tx);
        await tx.execute(sql`set local track_functions = 'all'`);
        await tx.execute(sql`insert into clients (name) select 'Bulk ' || n from generate_series(1, 50) as n`);
        const counted = await tx.execute<{ calls: number }>(sql`
          select coalesce(sum(pg_stat_get_xact_function_calls(p.oid)), 0)::int as calls
          from pg_proc p where p.proname like 'record\\_history%'`);
        const history = await tx.execute<{ n: number }>(sql`
          select count(*)::int as n from record_history
          where tx_id = txid_current() and operation = 'insert' and actor_name = 'Ann Lee' and after ->> 'name' like 'Bulk %'`);
        return { calls: counted.rows[0]!.calls, recorded: history.rows[0]!.n };
      }),
    );
    expect(recorded).toBe(50);
    expect(calls).toBe(1);
  });

  test("a domain write says who made it; a script's is the System's", async () => {
    const client = await makeClient();
    const contact = await makeContact({ clientId: client.id });
    await asBob(() => deleteContact(contact.id));
    const [deleted] = await db()
      .select()
      .from(recordHistory)
      .where(eq(recordHistory.rowId, contact.id))
      .orderBy(desc(recordHistory.id))
      .limit(1);
    expect(deleted).toMatchObject({ operation: "delete", actorName: "Bob Stone", kind: "contact" });
    expect(deleted!.before).toMatchObject({ name: contact.name });
    const [created] = await historyOf(client.id);
    expect(created).toMatchObject({ operation: "insert", actorName: "System", actorId: null });
  });
});

describe("reverting one change", () => {
  test("puts the fields back, and is refused once a newer change touched the same field", async () => {
    const { id } = await asAnn(() =>
      saveClient({ values: values({ location: "Leeds", notes: "n1" }), userId: ann.id }),
    );
    let version = (await getClientForEdit(id))!.version;
    await asAnn(() => saveClient({ id, values: values({ location: "York", notes: "n1", version }), userId: ann.id }));
    const [locationChange] = await recordHistoryEntries("client", id);
    version = (await getClientForEdit(id))!.version;
    // Bob changes another field: the location change can still be reverted.
    await asBob(() => saveClient({ id, values: values({ location: "York", notes: "n2", version }), userId: bob.id }));
    await asBob(() => revertEntry(keyOf(locationChange!)));
    expect(await getClientForEdit(id)).toMatchObject({ location: "Leeds", notes: "n2" });

    // Now the notes change, then a newer one over the same field: the older cannot be reverted.
    const [notesChange] = (await recordHistoryEntries("client", id)).filter((e) => e.changes[0]?.field === "Notes");
    version = (await getClientForEdit(id))!.version;
    await asAnn(() => saveClient({ id, values: values({ location: "Leeds", notes: "n3", version }), userId: ann.id }));
    const listed = (await recordHistoryEntries("client", id)).find((e) => e.key === notesChange!.key);
    expect(listed).toMatchObject({ can: null, why: "Changed again since: revert the newer change first." });
    await expect(asBob(() => revertEntry(keyOf(notesChange!)))).rejects.toThrow(
      new InvalidInputError("Ann Lee changed this client since; undo that change first, or change it by hand."),
    );
    expect(await getClientForEdit(id)).toMatchObject({ notes: "n3" });
  });
  test("a revert the records' rules refuse now is answered in words, and changes nothing", async () => {
    // A portal contact's address came from a save; the database keeps a portal contact's address.
    const client = await makeClient({ name: "Rules Ltd" });
    const contact = await makeContact({ clientId: client.id, name: "Pat Rules", email: null });
    await asAnn(() =>
      db().update(schema.contacts).set({ email: "pat@rules.test" }).where(eq(schema.contacts.id, contact.id)),
    );
    const [gaveAddress] = await recordHistoryEntries("contact", contact.id);
    await invitePortalContact(contact.id, null);
    await expect(asBob(() => revertEntry(keyOf(gaveAddress!)))).rejects.toThrow(
      new InvalidInputError(
        "This contact cannot go back: it would break a rule the record keeps now (a contact with portal access keeps an email address).",
      ),
    );
    // Another account took the old address since: putting it back would give two accounts one address.
    const other = await makeContact({ clientId: client.id, name: "Sam Rules", email: "sam@rules.test" });
    await invitePortalContact(other.id, null);
    await asAnn(() =>
      db().update(schema.contacts).set({ email: "sam2@rules.test" }).where(eq(schema.contacts.id, other.id)),
    );
    const [moved] = await recordHistoryEntries("contact", other.id);
    await factories(db()).user({ email: "sam@rules.test", name: "Sam Staff" });
    await expect(asBob(() => revertEntry(keyOf(moved!)))).rejects.toThrow(
      new InvalidInputError("This contact cannot go back: another record now has the same name or key."),
    );
    const emails = await db()
      .select({ email: schema.contacts.email })
      .from(schema.contacts)
      .where(eq(schema.contacts.clientId, client.id));
    expect(emails.map((r) => r.email).sort()).toEqual(["pat@rules.test", "sam2@rules.test"]);
  });
});

describe("contracts", () => {
  /** A draft contract of a new client's project, and a contact of that client to send it to. */
  async function draftContract(title: string, signer: { name: string; email: string }) {
    const client = await makeClient();
    const project = await makeProject({ clientId: client.id });
    const contract = await factories(db()).contract({ projectId: project.id, title });
    const contact = await makeContact({ clientId: client.id, ...signer });
    return { contract, contact, signer };
  }

  /** Sent for signature by Ann, as the portal's sending writes it: status and recipient (and `more`) in one save. */
  const send = (
    { contract, contact, signer }: Awaited<ReturnType<typeof draftContract>>,
    more: (tx: Tx) => Promise<unknown> = async () => {},
  ) =>
    asAnn(() =>
      db().transaction(async (tx) => {
        await withActor(tx);
        await tx.update(schema.contracts).set({ status: "sent" }).where(eq(schema.contracts.id, contract.id));
        await tx
          .insert(schema.contractRecipients)
          .values({ contractId: contract.id, contactId: contact.id, ...signer });
        await more(tx);
      }),
    );

  test("who a contract is sent to and its timeline are in its history; a sending is never reverted", async () => {
    const draft = await draftContract("Build", { name: "Cy Signer", email: "cy@x.test" });
    const { contract } = draft;
    await send(draft, (tx) =>
      tx.insert(schema.contractEvents).values({ contractId: contract.id, type: "sent", name: "Ann Lee" }),
    );
    const [sent] = await recordHistoryEntries("contract", contract.id);
    expect(sent).toMatchObject({
      actor: "Ann Lee",
      summary: 'Changed contract "Build"',
      changes: [{ field: "Status", before: "draft", after: "sent" }],
      details: ['Added recipient "Cy Signer"', 'Added event "sent"'],
      can: null,
    });
    await expect(asAnn(() => revertEntry(keyOf(sent!)))).rejects.toThrow(
      new InvalidInputError("A contract's sending or signing is kept: it cannot be reverted."),
    );
  });

  test("a contract out for signature keeps its document: the save that gave it one is not reverted", async () => {
    const draft = await draftContract("Swings", { name: "Di Signer", email: "di@x.test" });
    const { contract } = draft;
    await asAnn(() =>
      db()
        .update(schema.contracts)
        .set({ documentKey: "private/contracts/1-swings.pdf", documentName: "swings.pdf", documentBytes: 10 })
        .where(eq(schema.contracts.id, contract.id)),
    );
    const [added] = await recordHistoryEntries("contract", contract.id);
    // Sent for signature afterwards: its own save, which touches none of the document's columns.
    await send(draft);
    await expect(asBob(() => revertEntry(keyOf(added!)))).rejects.toThrow(DOCUMENT_OUT_FOR_SIGNATURE);
    const [row] = await db().select().from(schema.contracts).where(eq(schema.contracts.id, contract.id));
    expect(row).toMatchObject({ documentKey: "private/contracts/1-swings.pdf", status: "sent" });
  });
});

describe("restoring a deleted record", () => {
  test("a client comes back with its contacts and their links, as it was", async () => {
    const client = await makeClient({ name: "Gone Parks", location: "Hull" });
    const a = await makeContact({ clientId: client.id, name: "Ann Contact", email: "a@x.test" });
    await db().insert(schema.clientContacts).values({ clientId: client.id, contactId: a.id });
    await asAnn(() => deleteClient(client.id));
    expect(await getClientForEdit(client.id)).toBeNull();

    const deleted = await listActivity({ deleted: true, kind: "client" }, 1);
    const entry = deleted.rows.find((e) => e.summary === 'Deleted client "Gone Parks"')!;
    expect(entry).toMatchObject({ actor: "Ann Lee", can: "restore", href: null });

    await asBob(() => restoreEntry(keyOf(entry)));
    expect(await getClientForEdit(client.id)).toMatchObject({
      name: "Gone Parks",
      location: "Hull",
      contactIds: [a.id],
    });
    const [contact] = await db().select().from(schema.contacts).where(eq(schema.contacts.id, a.id));
    expect(contact).toMatchObject({ name: "Ann Contact", email: "a@x.test", clientId: client.id });
    // Restoring it twice is refused: it exists again.
    await expect(asBob(() => restoreEntry(keyOf(entry)))).rejects.toBeInstanceOf(InvalidInputError);
  });

  test("a project comes back with its images and playground options while their files are kept", async () => {
    const client = await makeClient();
    const project = await makeProject({ clientId: client.id, title: "Tree Tops" });
    const image = await makeImage({ projectId: project.id, imageCategory: "photos_completed", caption: "Slide" });
    await storage().put(image.storageKey, Buffer.from("jpeg"), { contentType: "image/jpeg" });
    const option = await makeOption();
    await db().insert(schema.projectOptions).values({ projectId: project.id, optionId: option.id });
    await asAnn(() => deleteProject(project.id));
    // The deletion kept the file: the history can still bring the image back.
    const later = new Date(Date.now() + 2 * 60 * 60 * 1000);
    expect((await findGarbage(db(), storage(), STORED_FILES, later)).orphans).not.toContain(image.storageKey);

    const entry = (await listActivity({ deleted: true }, 1)).rows.find(
      (e) => e.summary === 'Deleted project "Tree Tops"',
    )!;
    await asAnn(() => restoreEntry(keyOf(entry)));
    const images = await db().select().from(schema.projectImages).where(eq(schema.projectImages.projectId, project.id));
    expect(images.map((i) => [i.id, i.caption, i.storageKey])).toEqual([[image.id, "Slide", image.storageKey]]);
    const options = await db()
      .select()
      .from(schema.projectOptions)
      .where(eq(schema.projectOptions.projectId, project.id));
    expect(options.map((o) => o.optionId)).toEqual([option.id]);
  });

  test("a record whose file was deleted with it is not restored, and nothing of it comes back", async () => {
    const client = await makeClient();
    const project = await makeProject({ clientId: client.id, title: "Lost Photos" });
    await makeImage({ projectId: project.id, imageCategory: "photos_completed", caption: "Swing" });
    await asAnn(() => deleteProject(project.id));
    const entry = (await listActivity({ deleted: true }, 1)).rows.find(
      (e) => e.summary === 'Deleted project "Lost Photos"',
    )!;
    await expect(asAnn(() => restoreEntry(keyOf(entry)))).rejects.toThrow(
      new InvalidInputError(
        '"Swing" cannot come back: its file was deleted with it. Add the record again, or upload the file again.',
      ),
    );
    expect(await db().select().from(schema.projects).where(eq(schema.projects.id, project.id))).toEqual([]);
  });

  test("a deleted record's files stay 30 days, then media:gc collects them", async () => {
    const client = await makeClient();
    const project = await makeProject({ clientId: client.id, title: "Aging" });
    const image = await makeImage({ projectId: project.id, imageCategory: "3d_renders" });
    await storage().put(image.storageKey, Buffer.from("jpeg"), { contentType: "image/jpeg" });
    await deleteProject(project.id);
    const later = new Date(Date.now() + 2 * 60 * 60 * 1000);
    expect((await findGarbage(db(), storage(), STORED_FILES, later)).orphans).not.toContain(image.storageKey);
    await db().execute(sql`update record_history set at = now() - interval '31 days' where row_id = ${image.id}`);
    expect((await findGarbage(db(), storage(), STORED_FILES, later)).orphans).toContain(image.storageKey);
  });
});

describe("the activity list", () => {
  test("filters by person, kind of record and date, and includes account changes", async () => {
    await asBob(() => saveClient({ values: values({ name: "Bob's client" }), userId: bob.id }));
    const byBob = await listActivity({ actorId: bob.id, kind: "client" }, 1);
    expect(byBob.rows.length).toBeGreaterThan(0);
    expect(byBob.rows.every((e) => e.actor === "Bob Stone" && e.kind === "client")).toBe(true);
    const tomorrow = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    expect((await listActivity({ from: tomorrow }, 1)).total).toBe(0);

    await db().insert(schema.auditLog).values({
      actorName: "Ann Lee",
      action: "account.disabled",
      targetType: "user",
      targetLabel: "old@example.test",
    });
    const accounts = await listActivity({ kind: "account" }, 1);
    expect(accounts.rows[0]).toMatchObject({ kind: "account", summary: "Disabled the account · old@example.test" });
  });
});
