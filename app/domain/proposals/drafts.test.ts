// Proposals on a real database, as the admin's list, new and editor screens use
// them: creating one (blank, from a template, from an inquiry), the list's
// filters and its effective status, and saving the draft.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeInquiry, makeOption, makeProject } from "#tests/helpers/factories";
import { createUser, type TestUser } from "#tests/helpers/users";
import { db, schema } from "~/.server/db";
import { InvalidInputError, StaleRecordError } from "../errors";
import { EMPTY_CONTENT } from "./content";
import {
  createProposal,
  type DraftContent,
  type DraftHead,
  getDraftForEdit,
  getProposal,
  getVersion,
  inquiryPrefill,
  listInquiryProposals,
  listProposals,
  type ProposalListQuery,
  saveDraft,
} from "./proposals.server";

withTestDatabase();

let staff: TestUser;
beforeAll(async () => {
  staff = await createUser({ role: "staff" });
});

const TODAY = "2026-06-15";
/** Settings → Company's currency and locale. */
const setMoney = (currency: string, locale: string) =>
  db()
    .insert(schema.companySettings)
    .values({ id: 1, currency, locale })
    .onConflictDoUpdate({ target: schema.companySettings.id, set: { currency, locale } });

const blank: ProposalListQuery = { q: "", status: "", clientId: "", page: 1 };

describe("creating a proposal", () => {
  test("a blank one: the proposal with its client and project, and an empty v1 draft in the company's money", async () => {
    await setMoney("EUR", "de-DE");
    const client = await makeClient({ name: "Elm Primary" });
    const project = await makeProject({ title: "Back field", clientId: client.id });
    const { id } = await createProposal({
      clientId: client.id,
      title: "New play area",
      projectId: project.id,
      validUntil: "2026-07-01",
      userId: staff.id,
    });
    const proposal = (await getProposal(id, TODAY))!;
    expect(proposal).toMatchObject({
      title: "New play area",
      status: "draft",
      clientName: "Elm Primary",
      projectTitle: "Back field",
      validUntil: "2026-07-01",
      ownerId: staff.id,
    });
    expect(proposal.versions).toHaveLength(1);
    expect(proposal.versions[0]).toMatchObject({ number: 1, sentAt: null, total: 0, currency: "EUR", locale: "de-DE" });
    expect((await getVersion(id, proposal.versions[0]!.id))!.content).toEqual(EMPTY_CONTENT);
    await setMoney("USD", "en-US");
  });

  test("from a template: its introduction, sections, lines and terms, priced", async () => {
    const client = await makeClient();
    const section = "00000000-0000-4000-8000-000000000001";
    const [template] = await db()
      .insert(schema.proposalTemplates)
      .values({
        name: "School playground",
        content: {
          introduction: "Thank you for asking.",
          terms: "50% on order.",
          sections: [{ id: section, title: "Equipment", description: null }],
          lines: [
            {
              id: "00000000-0000-4000-8000-000000000101",
              sectionId: section,
              name: "Swing",
              quantity: 2000,
              unitPrice: 150_000,
              taxRate: 20_000,
            },
          ],
        },
      })
      .returning();
    const { id } = await createProposal({ clientId: client.id, title: "T", templateId: template!.id, userId: null });
    const proposal = (await getProposal(id, TODAY))!;
    expect(proposal.versions[0]).toMatchObject({ total: 360_000, lineCount: 1 });
    const { content } = (await getVersion(id, proposal.versions[0]!.id))!;
    expect(content).toMatchObject({ introduction: "Thank you for asking.", terms: "50% on order." });
    expect(content.lines.map((line) => line.name)).toEqual(["Swing"]);
  });

  test("refuses a project of another client, and a client or template that does not exist", async () => {
    const client = await makeClient();
    const theirs = await makeProject({ clientId: (await makeClient()).id });
    const attempt = (values: Partial<Parameters<typeof createProposal>[0]>) =>
      createProposal({ clientId: client.id, title: "T", userId: null, ...values });
    await expect(attempt({ projectId: theirs.id })).rejects.toMatchObject({
      constructor: InvalidInputError,
      field: "projectId",
      message: "Choose one of this client's projects, or none.",
    });
    await expect(attempt({ clientId: crypto.randomUUID() })).rejects.toMatchObject({ field: "clientId" });
    await expect(attempt({ templateId: crypto.randomUUID() })).rejects.toMatchObject({ field: "templateId" });
    expect(await db().select().from(schema.proposals).where(eq(schema.proposals.clientId, client.id))).toEqual([]);
  });

  test("from an inquiry: its client once it became one, a title, and the link kept", async () => {
    const client = await makeClient({ name: "Oak Council" });
    const inquiry = await makeInquiry({ name: "Ana", organisation: "Oak Council", clientId: client.id });
    const prefill = (await inquiryPrefill(inquiry.id))!;
    expect(prefill).toEqual({
      inquiryId: inquiry.id,
      inquiryName: "Ana",
      clientId: client.id,
      title: "Playground proposal for Oak Council",
    });
    expect((await inquiryPrefill((await makeInquiry()).id))!.clientId).toBeNull();
    expect(await inquiryPrefill(crypto.randomUUID())).toBeNull();

    const { id } = await createProposal({ ...prefill, clientId: client.id, userId: null });
    expect((await getProposal(id, TODAY))!.inquiryId).toBe(inquiry.id);
    // The inquiry's page lists it.
    expect(await listInquiryProposals(inquiry.id, TODAY)).toEqual([
      { id, title: "Playground proposal for Oak Council", status: "draft" },
    ]);
  });
});

describe("the proposals list", () => {
  test("search by title or client, filter by status and client; a sent proposal past its date reads as expired", async () => {
    const museum = await makeClient({ name: "Harbour Museum" });
    const school = await makeClient({ name: "Birch School" });
    const draft = await createProposal({ clientId: museum.id, title: "Pirate ship", userId: null });
    const late = await createProposal({ clientId: school.id, title: "Sensory garden", userId: null });
    await db()
      .update(schema.proposals)
      .set({ status: "sent", validUntil: "2026-06-14" })
      .where(eq(schema.proposals.id, late.id));

    const ids = async (query: Partial<typeof blank>) =>
      (await listProposals({ ...blank, ...query }, TODAY)).rows.map((row) => row.id);
    expect(await ids({ q: "pirate" })).toEqual([draft.id]);
    expect(await ids({ q: "birch" })).toEqual([late.id]);
    expect(await ids({ q: "%" })).toEqual([]);
    expect(await ids({ status: "expired", clientId: school.id })).toEqual([late.id]);
    expect(await ids({ status: "sent", clientId: school.id })).toEqual([]);
    expect(await ids({ clientId: museum.id })).toEqual([draft.id]);

    const [row] = (await listProposals({ ...blank, clientId: museum.id }, TODAY)).rows;
    expect(row).toMatchObject({
      title: "Pirate ship",
      clientName: "Harbour Museum",
      status: "draft",
      version: 1,
      sent: false,
      amount: 0,
      currency: "USD",
      locale: "en-US",
    });
  });
});

describe("saving the draft", () => {
  const section = "00000000-0000-4000-8000-000000000001";
  const line = (n: number, values: Partial<DraftContent["lines"][number]> = {}): DraftContent["lines"][number] => ({
    id: `00000000-0000-4000-8000-${String(n + 100).padStart(12, "0")}`,
    sectionId: section,
    optionId: null,
    name: `Line ${n}`,
    description: null,
    unit: null,
    quantity: 1000,
    unitPrice: 10_000,
    discount: null,
    taxRate: 20_000,
    optional: false,
    ...values,
  });
  const draft = (values: Partial<DraftHead & DraftContent> = {}): DraftHead & DraftContent => ({
    title: "Play area",
    validUntil: null,
    projectId: null,
    introduction: null,
    terms: null,
    sections: [{ id: section, title: "Equipment", description: null }],
    lines: [line(0)],
    ...values,
  });
  const opened = async (id: string) => (await getDraftForEdit(id, TODAY))!;
  const save = async (id: string, values: Partial<DraftHead & DraftContent> = {}) =>
    saveDraft({ id, version: (await opened(id)).proposal.version, values: draft(values), userId: staff.id });
  const versions = async (id: string) =>
    db()
      .select({ number: schema.proposalVersions.number, sentAt: schema.proposalVersions.sentAt })
      .from(schema.proposalVersions)
      .where(eq(schema.proposalVersions.proposalId, id))
      .orderBy(schema.proposalVersions.number);

  test("writes the proposal's fields and the draft's content, priced on the server; saving again keeps one draft", async () => {
    const client = await makeClient();
    const project = await makeProject({ clientId: client.id });
    const { id } = await createProposal({ clientId: client.id, title: "First", userId: null });
    const saved = await save(id, {
      title: "Second",
      validUntil: "2026-08-01",
      projectId: project.id,
      introduction: "Hello",
      terms: "Net 30",
      lines: [line(0), line(1, { optional: true, unitPrice: 5_000 })],
    });
    expect(saved.number).toBe(1);
    const editing = await opened(id);
    expect(editing.proposal).toMatchObject({ title: "Second", validUntil: "2026-08-01", projectId: project.id });
    expect(editing.proposal.version).toBe(saved.version);
    expect(editing.content).toMatchObject({ introduction: "Hello", terms: "Net 30", title: null, validUntil: null });
    expect(editing.content.lines.map((l) => l.name)).toEqual(["Line 0", "Line 1"]);
    expect(editing.proposal.versions[0]).toMatchObject({ total: 12_000, totalWithOptional: 18_000, lineCount: 2 });
    expect(editing).toMatchObject({ draftNumber: 1, startsNewVersion: false });

    await save(id, { lines: [] });
    expect(await versions(id)).toEqual([{ number: 1, sentAt: null }]);
  });

  test("a sent proposal's edit starts the next draft version; the sent one is left as it was", async () => {
    const client = await makeClient();
    const { id } = await createProposal({ clientId: client.id, title: "T", userId: null });
    await save(id);
    await db()
      .update(schema.proposalVersions)
      .set({ sentAt: new Date(), contentSha256: "x" })
      .where(eq(schema.proposalVersions.proposalId, id));
    await db().update(schema.proposals).set({ status: "sent" }).where(eq(schema.proposals.id, id));
    expect(await opened(id)).toMatchObject({ draftNumber: 2, startsNewVersion: true });

    const second = await save(id, { lines: [line(0, { quantity: 3000 })] });
    const third = await save(id, { lines: [line(0, { quantity: 4000 })] });
    expect([second.number, third.number]).toEqual([2, 2]);
    expect((await versions(id)).map((v) => [v.number, v.sentAt === null])).toEqual([
      [1, false],
      [2, true],
    ]);
    const [v2, v1] = (await getProposal(id, TODAY))!.versions;
    expect(v1).toMatchObject({ number: 1, total: 12_000 });
    expect(v2).toMatchObject({ number: 2, total: 48_000 });
    expect((await getProposal(id, TODAY))!.status).toBe("sent");
  });

  test("a catalogue line keeps its name, description and picture as added, whatever the catalogue does later", async () => {
    const client = await makeClient();
    const option = await makeOption({
      optionName: "Rope pyramid",
      description: "Six metres of rope",
      imageKey: "project-files/playground-options/rope.jpg",
      imageWidth: 800,
      imageHeight: 600,
    });
    const { id } = await createProposal({ clientId: client.id, title: "T", userId: null });
    const fromCatalogue = line(0, { optionId: option.id, name: "Rope pyramid", description: "Six metres of rope" });
    await save(id, { lines: [fromCatalogue, line(1)] });
    const [added] = (await opened(id)).content.lines;
    expect(added).toMatchObject({
      optionId: option.id,
      name: "Rope pyramid",
      description: "Six metres of rope",
      picture: { key: "project-files/playground-options/rope.jpg", width: 800, height: 600 },
    });
    const [media] = await db().select().from(schema.proposalMedia).where(eq(schema.proposalMedia.proposalId, id));
    expect(media).toMatchObject({ id: added!.picture!.mediaId, kind: "line", optionId: option.id });

    await db()
      .update(schema.playgroundOptions)
      .set({ optionName: "Rope tower", description: "Changed", imageKey: "project-files/playground-options/new.jpg" })
      .where(eq(schema.playgroundOptions.id, option.id));
    await save(id, { lines: [fromCatalogue, line(1)] });
    const [kept, free] = (await opened(id)).content.lines;
    expect(kept).toEqual(added);
    expect(free).toMatchObject({ optionId: null, picture: null });
    expect(await db().select().from(schema.proposalMedia).where(eq(schema.proposalMedia.proposalId, id))).toHaveLength(
      1,
    );
  });

  test("refuses a stale form, another client's project, and a closed proposal", async () => {
    const client = await makeClient();
    const { id } = await createProposal({ clientId: client.id, title: "T", userId: null });
    const old = (await opened(id)).proposal.version;
    await save(id);
    await expect(saveDraft({ id, version: old, values: draft(), userId: null })).rejects.toBeInstanceOf(
      StaleRecordError,
    );
    const theirs = await makeProject({ clientId: (await makeClient()).id });
    await expect(save(id, { projectId: theirs.id })).rejects.toMatchObject({ field: "projectId" });
    await db().update(schema.proposals).set({ status: "accepted" }).where(eq(schema.proposals.id, id));
    await expect(save(id)).rejects.toThrow("This proposal was accepted: it can no longer change.");
  });
});
