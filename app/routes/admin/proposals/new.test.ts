// /admin/proposals/new with real requests: what ?inquiry= prefills, the form's
// messages, and the created proposal opened with its toast.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { expectRefused, postToAction } from "#tests/helpers/actions";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeInquiry, makeProject } from "#tests/helpers/factories";
import { loaderArgs, settle } from "#tests/helpers/loader";
import { toastOf } from "#tests/helpers/toast";
import { createUser, type TestUser } from "#tests/helpers/users";
import { db, schema } from "~/.server/db";
import { action, loader } from "./new";

withTestDatabase();

let staff: TestUser;
beforeAll(async () => {
  staff = await createUser({ role: "staff" });
});

describe("new proposal", () => {
  test("?inquiry= prefills its client and a title; an unknown one starts blank", async () => {
    const client = await makeClient({ name: "Pine Council" });
    const inquiry = await makeInquiry({ organisation: "Pine Council", clientId: client.id });
    const loaded = await settle(() => loader(loaderArgs(`/admin/proposals/new?inquiry=${inquiry.id}`, {}, staff)));
    expect(loaded.data?.prefill).toMatchObject({
      inquiryId: inquiry.id,
      clientId: client.id,
      title: "Playground proposal for Pine Council",
    });
    const unknown = await settle(() =>
      loader(loaderArgs(`/admin/proposals/new?inquiry=${crypto.randomUUID()}`, {}, staff)),
    );
    expect(unknown.data?.prefill).toBeNull();
    expect(
      (await settle(() => loader(loaderArgs("/admin/proposals/new?inquiry=x", {}, staff)))).data?.prefill,
    ).toBeNull();
  });

  test("refuses a missing client and title with their messages; creates and opens the proposal with a toast", async () => {
    const refused = (await postToAction(action, "/admin/proposals/new", { clientId: "", title: " " }, staff)) as {
      init: ResponseInit;
      data: { result: { error: Record<string, string[]> } };
    };
    expect(refused.init.status).toBe(400);
    expect(refused.data.result.error).toMatchObject({ clientId: ["Client is required"], title: ["Title is required"] });

    const client = await makeClient();
    const other = await makeProject({ clientId: (await makeClient()).id });
    await expectRefused(
      await postToAction(
        action,
        "/admin/proposals/new",
        { clientId: client.id, title: "T", projectId: other.id },
        staff,
      ),
      { status: 409, title: "Error creating proposal", reason: "Choose one of this client's projects" },
    );

    const inquiry = await makeInquiry({ clientId: client.id });
    const created = (await postToAction(
      action,
      "/admin/proposals/new",
      { clientId: client.id, title: "Climbing wall", inquiryId: inquiry.id, validUntil: "2026-09-30" },
      staff,
    )) as Response;
    expect(created.status).toBe(302);
    const [row] = await db().select().from(schema.proposals).where(eq(schema.proposals.clientId, client.id));
    expect(row).toMatchObject({ title: "Climbing wall", inquiryId: inquiry.id, validUntil: "2026-09-30" });
    expect(created.headers.get("Location")).toBe(`/admin/proposals/${row!.id}/edit`);
    expect(await toastOf(created)).toMatchObject({ type: "success", title: "Proposal created" });
  });
});
