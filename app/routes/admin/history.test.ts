// The history's buttons (POST /admin/history) and the activity list's loader:
// who may use them, what they answer, and that a change made in a request is
// recorded as the signed-in account's.
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeContact, makeIndustryType, makeOption } from "#tests/helpers/factories";
import { toastOf } from "#tests/helpers/toast";
import { createUser, formRequest, request } from "#tests/helpers/users";
import { db, schema } from "~/.server/db";
import { inRequestScope } from "~/.server/db/history-scope";
import { recordHistoryEntries } from "~/domain/history/history.server";
import { loadActivity } from "./activity.server";
import { historyAction } from "./history.server";
import { loadOptions } from "./options.server";
import { loadCompanySettings } from "./settings/company.server";
import { loadRecentlyDeleted } from "./settings/deleted.server";
import { loadIndustryTypes } from "./settings/industry-types.server";

withTestDatabase();

async function rename(id: string, name: string) {
  await db().update(schema.clients).set({ name }).where(eq(schema.clients.id, id));
}

describe("the history's buttons", () => {
  test("staff revert a change; the revert is recorded as theirs; a second revert is refused with a message", async () => {
    await createUser(); // the administrator
    const staff = await createUser({ role: "staff", name: "Sam Staff" });
    const client = await makeClient({ name: "Old Name" });
    await rename(client.id, "New Name");
    const [change] = await recordHistoryEntries("client", client.id);
    expect(change).toMatchObject({ summary: 'Changed client "New Name"', can: "revert" });

    const response = await inRequestScope(() =>
      historyAction(formRequest("/admin/history", { intent: "revert", key: change!.key }, staff)),
    );
    expect(response.init?.status ?? 200).toBe(200);
    expect(await toastOf(response.init)).toMatchObject({ title: "Reverted the change to the client" });
    const [row] = await db().select().from(schema.clients).where(eq(schema.clients.id, client.id));
    expect(row?.name).toBe("Old Name");
    const [revert] = await recordHistoryEntries("client", client.id);
    expect(revert).toMatchObject({
      actor: "Sam Staff",
      changes: [{ field: "Name", before: "New Name", after: "Old Name" }],
    });

    // The reverted change was overtaken by its own revert.
    const again = await historyAction(formRequest("/admin/history", { intent: "revert", key: change!.key }, staff));
    expect(again.init?.status).toBe(409);
    expect(again.data).toMatchObject({
      ok: false,
      message: 'Sam Staff changed "Old Name" since; undo that change first, or change it by hand.',
    });
  });

  test("malformed or account entries are a 400; a change no longer in the history a 404", async () => {
    const staff = await createUser({ role: "staff" });
    const bad = await historyAction(formRequest("/admin/history", { intent: "revert", key: "nonsense" }, staff));
    expect(bad.init?.status).toBe(400);
    const account = await historyAction(
      formRequest("/admin/history", { intent: "restore", key: `audit:${crypto.randomUUID()}` }, staff),
    );
    expect(account.init?.status).toBe(400);
    const gone = await historyAction(
      formRequest("/admin/history", { intent: "revert", key: `tx:1:client:${crypto.randomUUID()}` }, staff),
    );
    expect(gone.init?.status).toBe(404);
    expect(gone.data).toMatchObject({ message: "This change is no longer in the history." });
  });

  test("visitors and client accounts may not use them", async () => {
    await expect(historyAction(formRequest("/admin/history", { intent: "revert", key: "x" }))).rejects.toMatchObject({
      status: 302,
    });
  });
});

describe("the activity list", () => {
  test("is for administrators, filtered from the URL", async () => {
    const admin = await createUser({ role: "admin" });
    const staff = await createUser({ role: "staff" });
    await expect(loadActivity(request("/admin/activity", { user: staff }))).rejects.toMatchObject({
      init: { status: 403 },
    });
    const client = await makeClient({ name: "Listed Client" });
    const all = await loadActivity(request("/admin/activity?kind=client&from=garbage", { user: admin }));
    expect(all.query).toMatchObject({ kind: "client", from: "" });
    expect(
      all.list.rows.some(
        (e) => e.summary === 'Created client "Listed Client"' && e.href === `/admin/clients/${client.id}/edit`,
      ),
    ).toBe(true);
    const none = await loadActivity(request("/admin/activity?kind=contract", { user: admin }));
    expect(none.list.total).toBe(0);
  });
});

describe("History on the screens without a page per record", () => {
  test("an option's and an industry type's row open their history from ?history=; an unknown id shows none", async () => {
    await createUser(); // the administrator
    const staff = await createUser({ role: "staff", name: "Sam Staff" });
    const option = await makeOption({ optionName: "Swing" });
    await db()
      .update(schema.playgroundOptions)
      .set({ optionName: "Big Swing" })
      .where(eq(schema.playgroundOptions.id, option.id));
    const type = await makeIndustryType({ name: "Schools" });

    const options = await loadOptions(request(`/admin/options?history=${option.id}`, { user: staff }));
    expect(options.history).toMatchObject({ id: option.id, name: "Big Swing" });
    expect(options.history?.entries[0]).toMatchObject({
      can: "revert",
      changes: [{ field: "Option name", before: "Swing", after: "Big Swing" }],
    });
    expect((await loadOptions(request("/admin/options", { user: staff }))).history).toBeNull();
    expect((await loadOptions(request(`/admin/options?history=${type.id}`, { user: staff }))).history).toBeNull();

    const types = await loadIndustryTypes(
      request(`/admin/settings/industry-types?history=${type.id}`, { user: staff }),
    );
    expect(types.history).toMatchObject({ name: "Schools", entries: [{ summary: 'Created industry type "Schools"' }] });
  });

  test("Settings → Company shows the company's history", async () => {
    const admin = await createUser({ role: "admin", name: "Ada Admin" });
    await db()
      .insert(schema.companySettings)
      .values({ id: 1, name: "Old Co" })
      .onConflictDoUpdate({
        target: schema.companySettings.id,
        set: { name: "Old Co" },
      });
    await inRequestScope(async () => {
      await db().update(schema.companySettings).set({ name: "New Co" }).where(eq(schema.companySettings.id, 1));
    });
    const { history } = await loadCompanySettings(request("/admin/settings/company", { user: admin }));
    expect(history[0]).toMatchObject({
      changes: [{ field: "Name", before: "Old Co", after: "New Co" }],
      can: "revert",
    });
  });
});

describe("Recently deleted", () => {
  test("staff see a deleted client and restore it with its contacts; accounts are never listed", async () => {
    await createUser(); // the administrator
    const staff = await createUser({ role: "staff" });
    const client = await makeClient({ name: "Gone Parks" });
    await makeContact({ clientId: client.id, name: "Ann Gone" });
    await createUser({ role: "staff", name: "Removed Staff" });
    await db().delete(schema.user).where(eq(schema.user.name, "Removed Staff"));
    await db().delete(schema.clients).where(eq(schema.clients.id, client.id));

    const { list } = await loadRecentlyDeleted(request("/admin/settings/deleted", { user: staff }));
    expect(list.rows.every((e) => e.kind !== "account")).toBe(true);
    const deleted = list.rows.find((e) => e.summary === 'Deleted client "Gone Parks"');
    expect(deleted).toMatchObject({ can: "restore" });

    const response = await historyAction(
      formRequest("/admin/history", { intent: "restore", key: deleted!.key }, staff),
    );
    expect(await toastOf(response.init)).toMatchObject({ title: "Restored the client" });
    const contacts = await db().select().from(schema.contacts).where(eq(schema.contacts.name, "Ann Gone"));
    expect(contacts).toHaveLength(1);
    const after = await loadRecentlyDeleted(request("/admin/settings/deleted", { user: staff }));
    expect(after.list.rows.find((e) => e.key === deleted!.key)).toMatchObject({ can: null, why: "It exists again." });
  });
});
