// The shared editor glue (record-editor.server.ts) through a screen that uses
// it, the clients': who may open and post, the record with its history, the
// form's refusals and the spec's toasts.
import { beforeAll, describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { expectRefused } from "#tests/helpers/actions";
import { settle } from "#tests/helpers/loader";
import { toastOf } from "#tests/helpers/toast";
import { createUser, formRequest, request, type TestUser } from "#tests/helpers/users";
import { getClientForEdit } from "~/domain/clients/clients.server";
import { action, loader } from "../admin/clients/editor";

withTestDatabase();

let staff: TestUser;
let client: TestUser;
beforeAll(async () => {
  staff = await createUser({ role: "staff" });
  client = await createUser({ role: "pending" });
});

const load = (id: string | undefined, user?: TestUser) =>
  settle(() =>
    loader({
      request: request(id ? `/admin/clients/${id}/edit` : "/admin/clients/new", { user }),
      params: { id },
    } as never),
  );
const post = (fields: Record<string, string>, id?: string, user: TestUser = staff) =>
  action({
    request: formRequest(id ? `/admin/clients/${id}/edit` : "/admin/clients/new", fields, user),
    params: { id },
  } as never);

describe("a record's editor", () => {
  test("only staff: signed out to sign-in, a pending account to its waiting page", async () => {
    expect((await load(undefined)).status).toBe(302);
    expect((await load(undefined, client)).status).toBe(302);
    expect((await settle(() => post({ name: "X" }, undefined, client))).status).toBe(302);
  });

  test("new: the choices and no record; saved: back to the list with the spec's toast, then the record with its history", async () => {
    const empty = await load(undefined, staff);
    expect(empty.data).toMatchObject({
      record: null,
      history: [],
      industryTypes: expect.any(Array),
      contacts: expect.any(Array),
    });

    const created = (await post({ name: "Brookside School" })) as Response;
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toBe("/admin/clients");
    expect(await toastOf(created)).toMatchObject({ type: "success", title: "Client created successfully" });

    const { db } = await import("~/.server/db");
    const row = await db().query.clients.findFirst({ where: (c, { eq }) => eq(c.name, "Brookside School") });
    const opened = await load(row!.id, staff);
    expect(opened.data).toMatchObject({ record: { id: row!.id, name: "Brookside School" }, presence: { people: [] } });
    expect((opened.data!.history as unknown[]).length).toBe(1);

    const version = (await getClientForEdit(row!.id))!.version;
    const updated = (await post({ name: "Brookside Academy", version: String(version) }, row!.id)) as Response;
    expect(await toastOf(updated)).toMatchObject({ title: "Client updated successfully" });
  });

  test("a refused form answers with the field's message; a stale save with the edit's error title", async () => {
    const answer = (await post({ name: "" })) as {
      init?: ResponseInit;
      data?: { result?: { error?: Record<string, string[]> } };
    };
    expect(answer.init?.status).toBe(400);
    expect(answer.data?.result?.error?.name).toEqual(["Name is required"]);

    await post({ name: "Elm Park" });
    const { db } = await import("~/.server/db");
    const row = await db().query.clients.findFirst({ where: (c, { eq }) => eq(c.name, "Elm Park") });
    const version = String((await getClientForEdit(row!.id))!.version);
    await post({ name: "Elm Park Trust", version }, row!.id);
    await expectRefused(await post({ name: "Mine", version }, row!.id), {
      status: 409,
      title: "Error updating client",
      reason: "Someone else changed this client",
    });
  });

  test("an id no row has, or not an id: 404", async () => {
    expect((await load("0b5e3f0c-1d2e-4f3a-9b8c-7d6e5f4a3b2c", staff)).status).toBe(404);
    expect((await load("nope", staff)).status).toBe(404);
  });
});
