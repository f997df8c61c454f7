// Contracts on a real database: the status rules, the list, optimistic
// concurrency, and the signed document's file following its row.
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { withoutHistory } from "#tests/helpers/history";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeProject } from "#tests/helpers/factories";
import { createUser } from "#tests/helpers/users";
import { minimalPdf } from "#tests/fixtures/pdf";
import { db, schema } from "~/.server/db";
import { deleteGarbage, findGarbage } from "~/.server/images/gc";
import { STORED_FILES } from "~/domain/media/stored-files.server";
import { storage } from "~/.server/storage";
import { deleteProject } from "~/domain/projects/project-lifecycle.server";
import { InUseError, InvalidInputError, NotFoundError, StaleRecordError } from "../errors";
import {
  deleteContract,
  getContractForEdit,
  listContracts,
  listProjectChoices,
  listProjectContracts,
  saveContract,
} from "./contracts.server";
import { openContractDocument, storeContractDocument } from "./documents.server";
import { contractFormSchema, type ContractListQuery } from "./schema";

withTestDatabase();

const TODAY = "2025-06-15";
const blank: ContractListQuery & { page: number } = { q: "", status: "", page: 1 };

async function setUp(clientName = "Harbour Museum", projectTitle = "Pirate Cove") {
  const user = await createUser({ role: "staff" });
  const client = await makeClient({ name: clientName });
  const project = await makeProject({ clientId: client.id, title: projectTitle });
  return { user, client, project };
}

const values = (projectId: string, overrides: Record<string, unknown> = {}) =>
  contractFormSchema.parse({ projectId, ...overrides });

/** Gives the rows created_at one second apart in this order: saves in one millisecond would tie. */
async function createdInOrder(ids: string[]) {
  for (const [index, id] of ids.entries()) {
    await db()
      .update(schema.contracts)
      .set({ createdAt: new Date(Date.UTC(2025, 0, 1, 0, 0, index)) })
      .where(eq(schema.contracts.id, id));
  }
}

async function save(
  userId: string,
  projectId: string,
  overrides: Record<string, unknown> = {},
  id?: string,
): Promise<{ id: string }> {
  return saveContract({ id, values: values(projectId, overrides), userId, today: TODAY });
}

/** Saves the contract as its edit form would post it: every field as shown, with these changed. */
async function edit(id: string, userId: string, overrides: Record<string, unknown>) {
  const { projectId, status, dateSent, dateSigned, title, notes, version } = (await getContractForEdit(id))!;
  // An empty field is not posted.
  const shown = Object.fromEntries(
    Object.entries({ status, dateSent, dateSigned, title, notes, version }).filter(([, value]) => value !== null),
  );
  return save(userId, projectId, { ...shown, ...overrides }, id);
}

async function keyOf(id: string): Promise<string | null> {
  const [row] = await db()
    .select({ key: schema.contracts.documentKey })
    .from(schema.contracts)
    .where(eq(schema.contracts.id, id));
  return row?.key ?? null;
}

async function exists(key: string): Promise<boolean> {
  const object = await storage().get(key);
  object?.body.destroy();
  return object !== null;
}

const pdf = (text = "Signed") => minimalPdf([text]);
const upload = (userId: string, bytes = pdf(), fileName = "Signed agreement.pdf") =>
  storeContractDocument({ stream: Readable.from([bytes]), fileName, userId });

describe("status rules", () => {
  test("a new contract is a draft, records who created it, and keeps its fields", async () => {
    const { user, project } = await setUp();
    const { id } = await save(user.id, project.id, { title: "Installation agreement", notes: "Net 30" });
    const [row] = await db().select().from(schema.contracts).where(eq(schema.contracts.id, id));
    expect(row).toMatchObject({
      status: "draft",
      title: "Installation agreement",
      notes: "Net 30",
      dateSent: null,
      dateSigned: null,
      createdBy: user.id,
      documentKey: null,
    });
  });

  test("moving to sent dates it today unless a date is given", async () => {
    const { user, project } = await setUp();
    const { id } = await save(user.id, project.id);
    await edit(id, user.id, { status: "sent" });
    expect((await getContractForEdit(id))?.dateSent).toBe(TODAY);

    const given = await save(user.id, project.id, { status: "sent", dateSent: "2025-05-01" });
    expect((await getContractForEdit(given.id))?.dateSent).toBe("2025-05-01");
    // A draft stays undated.
    const draft = await save(user.id, project.id, { status: "draft" });
    expect((await getContractForEdit(draft.id))?.dateSent).toBeNull();
  });

  test("signed needs a date signed, not before the date sent; only a signed contract keeps one", async () => {
    const { user, project } = await setUp();
    const { id } = await save(user.id, project.id, { status: "sent", dateSent: "2025-06-01" });
    // The domain checks whatever reached it, not only what the schema let through.
    const current = (await getContractForEdit(id))!;
    const signedWithout = { ...values(project.id), status: "signed" as const, version: current.version };
    await expect(saveContract({ id, values: signedWithout, userId: user.id, today: TODAY })).rejects.toThrow(
      new InvalidInputError("A signed contract needs the date it was signed", "dateSigned"),
    );
    await expect(
      saveContract({
        id,
        values: { ...signedWithout, dateSent: "2025-06-01", dateSigned: "2025-05-31" },
        userId: user.id,
        today: TODAY,
      }),
    ).rejects.toThrow("The date signed cannot be before the date sent");
    await edit(id, user.id, { status: "signed", dateSent: "2025-06-01", dateSigned: "2025-06-03" });
    expect(await getContractForEdit(id)).toMatchObject({
      status: "signed",
      dateSent: "2025-06-01",
      dateSigned: "2025-06-03",
    });

    const draft = await save(user.id, project.id);
    const draftRow = (await getContractForEdit(draft.id))!;
    await saveContract({
      id: draft.id,
      values: { ...values(project.id), dateSigned: "2025-06-03", version: draftRow.version },
      userId: user.id,
      today: TODAY,
    });
    expect((await getContractForEdit(draft.id))?.dateSigned).toBeNull();
  });

  test("a signed contract goes back to draft (or sent) only when confirmed", async () => {
    const { user, project } = await setUp();
    const { id } = await save(user.id, project.id, {
      status: "signed",
      dateSent: "2025-06-01",
      dateSigned: "2025-06-02",
    });
    await expect(edit(id, user.id, { status: "draft" })).rejects.toThrow(
      new InvalidInputError("This contract is signed. Confirm to move it back to draft.", "status"),
    );
    await expect(edit(id, user.id, { status: "sent" })).rejects.toThrow(
      "This contract is signed. Confirm to move it back to sent.",
    );
    expect((await getContractForEdit(id))?.status).toBe("signed");
    // Staying signed needs no confirmation.
    await edit(id, user.id, { status: "signed", dateSigned: "2025-06-05", notes: "Countersigned" });

    await edit(id, user.id, { status: "draft", confirmUnsign: "on" });
    expect(await getContractForEdit(id)).toMatchObject({ status: "draft", dateSigned: null, dateSent: "2025-06-01" });
    // A draft moves freely.
    await edit(id, user.id, { status: "sent" });
  });

  test("two people editing: the second save is refused and nothing is overwritten", async () => {
    const { user, project } = await setUp();
    const { id } = await save(user.id, project.id);
    const opened = (await getContractForEdit(id))!;
    await save(user.id, project.id, { notes: "First", version: opened.version }, id);
    const second = save(user.id, project.id, { notes: "Second", version: opened.version }, id);
    await expect(second).rejects.toBeInstanceOf(StaleRecordError);
    expect((await getContractForEdit(id))?.notes).toBe("First");
    await expect(save(user.id, project.id, { notes: "No version" }, id)).rejects.toThrow(/out of date/);
  });

  test("a project that is gone, or a contract that is gone, is told plainly", async () => {
    const { user } = await setUp();
    await expect(save(user.id, "00000000-0000-4000-8000-000000000000")).rejects.toThrow(
      new InvalidInputError("This project no longer exists: pick another.", "projectId"),
    );
    await expect(
      save(user.id, "00000000-0000-4000-8000-000000000000", {}, "00000000-0000-4000-8000-000000000001"),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(deleteContract("00000000-0000-4000-8000-000000000001")).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("lists", () => {
  test("newest first, with project title and client name; search and status filter", async () => {
    const a = await setUp("Listed Harbour", "Listed Pirate Cove");
    const b = await setUp("Listed Riverside", "Listed Jungle Trail");
    const first = await save(a.user.id, a.project.id, {
      status: "signed",
      dateSent: "2025-01-02",
      dateSigned: "2025-01-09",
    });
    const second = await save(b.user.id, b.project.id, { status: "sent", title: "Phase 2 (PO-77)" });
    const third = await save(a.user.id, a.project.id);
    await createdInOrder([first.id, second.id, third.id]);

    const all = await listContracts({ ...blank, q: "listed" });
    const mine = all.rows.filter((row) => [first.id, second.id, third.id].includes(row.id));
    expect(mine.map((row) => row.id)).toEqual([third.id, second.id, first.id]);
    expect(mine[2]).toMatchObject({
      projectTitle: "Listed Pirate Cove",
      clientName: "Listed Harbour",
      status: "signed",
      dateSent: "2025-01-02",
      dateSigned: "2025-01-09",
      documentName: null,
    });

    const ids = async (query: Partial<typeof blank>) =>
      (await listContracts({ ...blank, ...query })).rows.map((row) => row.id);
    expect(await ids({ q: "listed jungle" })).toEqual([second.id]);
    expect(await ids({ q: "LISTED RIVERSIDE" })).toEqual([second.id]);
    expect(await ids({ q: "po-77" })).toEqual([second.id]);
    expect(await ids({ q: "listed harbour", status: "draft" })).toEqual([third.id]);
    expect(await ids({ q: "listed harbour", status: "signed" })).toEqual([first.id]);
    expect(await ids({ q: "listed", status: "sent" })).toEqual([second.id]);
    expect(await ids({ q: "%" })).toEqual([]);
  });

  test("pages of 25 with the total", async () => {
    const { user, project } = await setUp("Paging Client", "Paging Project");
    const saved = [];
    for (let i = 0; i < 27; i++) saved.push((await save(user.id, project.id, { title: `Paged ${i}` })).id);
    await createdInOrder(saved);
    const first = await listContracts({ ...blank, q: "Paging Client" });
    const second = await listContracts({ ...blank, q: "Paging Client", page: 2 });
    expect(first).toMatchObject({ total: 27, pageCount: 2 });
    expect(first.rows).toHaveLength(25);
    expect(second.rows.map((row) => row.title)).toEqual(["Paged 1", "Paged 0"]);
    expect(await listContracts({ ...blank, q: "Paging Client", page: 9 })).toMatchObject({ rows: [], total: 27 });
  });

  test("a project's contracts, and the project choices with their clients", async () => {
    const { user, project, client } = await setUp("Choice Client", "Choice Project");
    const { id } = await save(user.id, project.id, { title: "Choice contract", status: "sent" });
    expect(await listProjectContracts(project.id)).toEqual([
      {
        id,
        title: "Choice contract",
        status: "sent",
        dateSent: TODAY,
        dateSigned: null,
        hasDocument: false,
      },
    ]);
    expect(await listProjectChoices()).toContainEqual({
      id: project.id,
      title: "Choice Project",
      clientName: client.name,
    });
  });

  test("a project with contracts cannot be deleted, and the message says why", async () => {
    const { user, project } = await setUp("Keep Client", "Signed Park");
    await save(user.id, project.id);
    await save(user.id, project.id);
    await expect(deleteProject(project.id)).rejects.toThrow(
      new InUseError('"Signed Park" has 2 contracts, so it cannot be deleted.'),
    );
  });
});

describe("the signed document", () => {
  test("upload, claim on save, download the same bytes; the pending row is gone", async () => {
    const { user, project } = await setUp();
    const bytes = pdf("Round trip");
    const pending = await upload(user.id, bytes, "Agreement – signed.pdf");
    expect(pending).toMatchObject({ name: "Agreement – signed.pdf", bytes: bytes.length });
    const { id } = await save(user.id, project.id, { documentUploadId: pending.id });

    const key = (await keyOf(id))!;
    expect(key).toMatch(/^private\/contracts\/\d+-[0-9a-f]+\.pdf$/);
    expect(await db().select().from(schema.contractUploads)).toEqual([]);
    expect((await getContractForEdit(id))?.document).toEqual({ name: "Agreement – signed.pdf", bytes: bytes.length });

    const opened = (await openContractDocument(id))!;
    expect(opened.name).toBe("Agreement – signed.pdf");
    expect(await buffer(opened.body)).toEqual(bytes);
    expect(await openContractDocument((await save(user.id, project.id)).id)).toBeNull();
  });

  test("a pending document is claimed once; a claim in a refused save stays pending", async () => {
    const { user, project } = await setUp();
    const pending = await upload(user.id);
    // Refused (signed without date): the claim rolls back with it.
    await expect(
      saveContract({
        values: { ...values(project.id), status: "signed", documentUploadId: pending.id },
        userId: user.id,
        today: TODAY,
      }),
    ).rejects.toBeInstanceOf(InvalidInputError);
    expect(await db().select().from(schema.contractUploads)).toHaveLength(1);

    await save(user.id, project.id, { documentUploadId: pending.id });
    await expect(save(user.id, project.id, { documentUploadId: pending.id })).rejects.toThrow(
      "This document upload has expired or was already used. Upload the file again.",
    );
  });

  test("replacing or removing the document deletes the old file after the commit", async () => {
    await withoutHistory(["contracts"], async () => {
      const { user, project } = await setUp();
      const { id } = await save(user.id, project.id, { documentUploadId: (await upload(user.id)).id });
      const firstKey = (await keyOf(id))!;
      expect(await exists(firstKey)).toBe(true);

      await edit(id, user.id, { documentUploadId: (await upload(user.id, pdf("Second"))).id });
      const secondKey = (await keyOf(id))!;
      expect(secondKey).not.toBe(firstKey);
      expect(await exists(firstKey)).toBe(false);
      expect(await exists(secondKey)).toBe(true);

      // A stale save changes nothing: the new upload stays pending, the saved file stays.
      const stale = (await getContractForEdit(id))!;
      await edit(id, user.id, { notes: "moved on" });
      const third = await upload(user.id, pdf("Third"));
      await expect(
        save(user.id, project.id, { documentUploadId: third.id, version: stale.version }, id),
      ).rejects.toBeInstanceOf(StaleRecordError);
      expect(await keyOf(id)).toBe(secondKey);
      expect(await exists(secondKey)).toBe(true);

      await edit(id, user.id, { removeDocument: "on" });
      expect(await keyOf(id)).toBeNull();
      expect((await getContractForEdit(id))?.document).toBeNull();
      expect(await exists(secondKey)).toBe(false);
    });
  });

  test("deleting a contract deletes its file after the commit", async () => {
    await withoutHistory(["contracts"], async () => {
      const { user, project } = await setUp("Delete Client", "Delete Park");
      const { id } = await save(user.id, project.id, { documentUploadId: (await upload(user.id)).id });
      const key = (await keyOf(id))!;
      expect(await deleteContract(id)).toEqual({ name: "Delete Park contract" });
      expect(await exists(key)).toBe(false);
      const titled = await save(user.id, project.id, { title: "Phase 1" });
      expect(await deleteContract(titled.id)).toEqual({ name: "Phase 1" });
    });
  });

  test("media:gc keeps claimed and fresh documents, and removes pending ones left for a day", async () => {
    const { user, project } = await setUp();
    const claimed = await save(user.id, project.id, { documentUploadId: (await upload(user.id)).id });
    const fresh = await upload(user.id);
    const stale = await upload(user.id);
    const [staleRow] = await db()
      .update(schema.contractUploads)
      .set({ createdAt: new Date(Date.now() - 25 * 3600 * 1000) })
      .where(eq(schema.contractUploads.id, stale.id))
      .returning({ key: schema.contractUploads.storageKey });

    const garbage = await findGarbage(db(), storage(), STORED_FILES);
    expect(garbage.expiredUploads.filter((u) => u.table === "contract_uploads").map((u) => u.id)).toEqual([stale.id]);
    expect(garbage.orphans.filter((key) => key.startsWith("private/"))).toEqual([]);
    await deleteGarbage(db(), storage(), STORED_FILES, garbage);

    expect(await exists(staleRow!.key)).toBe(false);
    expect(await exists((await keyOf(claimed.id))!)).toBe(true);
    const left = (await db().select({ id: schema.contractUploads.id }).from(schema.contractUploads)).map((r) => r.id);
    expect(left).toContain(fresh.id);
    expect(left).not.toContain(stale.id);
  });
});
