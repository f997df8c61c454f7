// /admin/proposals/:id/edit with real requests: a refused save answers every
// message on its field and keeps what was typed; a save answers the new version
// and the totals the server priced; a sent proposal's editor starts the next version.
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeOption } from "#tests/helpers/factories";
import { loaderArgs, settle } from "#tests/helpers/loader";
import { toastOf } from "#tests/helpers/toast";
import { createUser, formRequest, type TestUser } from "#tests/helpers/users";
import { db, schema } from "~/.server/db";
import { createProposal, getDraftForEdit } from "~/domain/proposals/proposals.server";
import { action, loader } from "./edit";

withTestDatabase();

let staff: TestUser;
beforeAll(async () => {
  staff = await createUser({ role: "staff" });
});

const section = "00000000-0000-4000-8000-000000000001";
const line = (n: number) => `00000000-0000-4000-8000-${String(n + 100).padStart(12, "0")}`;

async function post(id: string, fields: Record<string, string>) {
  const request = formRequest(`/admin/proposals/${id}/edit`, fields, staff);
  return (await action({ request, params: { id }, context: new RouterContextProvider() } as never)) as unknown as {
    data: { ok: boolean; version?: string; result?: { error?: Record<string, string[]>; initialValue?: unknown } };
    init: ResponseInit;
  };
}

describe("the proposal editor", () => {
  test("a refused save: 400, each message on its field, what was typed sent back; then a save priced on the server", async () => {
    const client = await makeClient();
    const option = await makeOption({ optionName: "Spinner" });
    const { id } = await createProposal({ clientId: client.id, title: "Spinner park", userId: null });
    const { version } = (await getDraftForEdit(id, "2026-01-01"))!.proposal;
    const fields = {
      title: "Spinner park",
      version,
      "sections[0].id": section,
      "sections[0].title": "Equipment",
      "lines[0].id": line(0),
      "lines[0].sectionId": section,
      "lines[0].optionId": option.id,
      "lines[0].name": "Spinner",
      "lines[0].quantity": "3",
      "lines[0].unitPrice": "1,250.00",
      "lines[0].discountKind": "percent",
      "lines[0].discount": "10",
      "lines[0].taxRate": "20",
    };
    const refused = await post(id, { ...fields, "lines[0].unitPrice": "12.345", "sections[0].title": "" });
    expect(refused.init.status).toBe(400);
    expect(refused.data.result?.error).toEqual({
      "lines[0].unitPrice": ["USD prices have at most 2 decimals"],
      "sections[0].title": ["Section title is required"],
    });
    expect(refused.data.result?.initialValue).toMatchObject({ lines: [{ name: "Spinner", unitPrice: "12.345" }] });

    const saved = await post(id, fields);
    expect(saved.data.ok).toBe(true);
    expect(await toastOf(saved.init)).toMatchObject({ title: "Proposal saved", description: "Draft v1 saved." });
    const loaded = await settle(() => loader(loaderArgs(`/admin/proposals/${id}/edit`, { id }, staff)));
    expect(loaded.data?.proposal).toMatchObject({ version: saved.data.version });
    // 3 × 1,250.00 = 3,750.00, less 10 % = 3,375.00, plus 20 % tax = 4,050.00.
    expect(loaded.data?.pricing).toMatchObject({
      totals: { net: 375_000, discount: 37_500, taxable: 337_500, tax: 67_500, gross: 405_000 },
    });
    expect(loaded.data?.content).toMatchObject({ lines: [{ optionId: option.id, name: "Spinner" }] });
  });

  test("a sent proposal opens on its latest version with the next number; a withdrawn one is closed", async () => {
    const { id } = await createProposal({ clientId: (await makeClient()).id, title: "T", userId: null });
    await db()
      .update(schema.proposalVersions)
      .set({ sentAt: new Date(), contentSha256: "x" })
      .where(eq(schema.proposalVersions.proposalId, id));
    await db().update(schema.proposals).set({ status: "sent" }).where(eq(schema.proposals.id, id));
    const open = async () =>
      (await settle(() => loader(loaderArgs(`/admin/proposals/${id}/edit`, { id }, staff)))).data;
    expect(await open()).toMatchObject({ draftNumber: 2, startsNewVersion: true, closed: false });
    await db().update(schema.proposals).set({ status: "withdrawn" }).where(eq(schema.proposals.id, id));
    expect(await open()).toMatchObject({ closed: true });
  });

  test("an unknown proposal is a 404", async () => {
    const id = crypto.randomUUID();
    expect((await settle(() => loader(loaderArgs(`/admin/proposals/${id}/edit`, { id }, staff)))).status).toBe(404);
  });
});
