// The history's buttons (POST /admin/history) and the activity list's loader:
// who may use them, what they answer, and that a change made in a request is
// recorded as the signed-in account's.
import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeContact, makeIndustryType, makeOption } from "#tests/helpers/factories";
import { toastOf } from "#tests/helpers/toast";
import { createUser, formRequest, request, type TestUser } from "#tests/helpers/users";
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

/** What the history's button answers this person: its status and body. */
async function answerTo(intent: string, key: string, user: TestUser) {
  const answer = await historyAction(formRequest("/admin/history", { intent, key }, user));
  return { status: answer.init?.status ?? 200, body: answer.data };
}

/** A key like this one for a change that never happened (another transaction's). */
const nowhere = (key: string) => key.replace(/^tx:\d+:/, "tx:999999999:");

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

  test("a key that names nothing (made up, malformed, an account's) is a 404, as a change no longer in the history", async () => {
    const staff = await createUser({ role: "staff" });
    for (const key of ["nonsense", `audit:${crypto.randomUUID()}`, `tx:1:client:${crypto.randomUUID()}`]) {
      const answer = await historyAction(formRequest("/admin/history", { intent: "revert", key }, staff));
      expect(answer.init?.status).toBe(404);
      expect(answer.data).toMatchObject({ message: "This change is no longer in the history." });
    }
  });

  test("change keys cannot be guessed: a key written by hand from the change's ids is a key that does not exist", async () => {
    await createUser(); // the administrator
    const staff = await createUser({ role: "staff" });
    const client = await makeClient({ name: "Old Name" });
    await rename(client.id, "New Name");
    const [change] = await recordHistoryEntries("client", client.id);
    const [row] = await db()
      .select({ txId: schema.recordHistory.txId })
      .from(schema.recordHistory)
      .where(and(eq(schema.recordHistory.recordId, client.id), eq(schema.recordHistory.operation, "update")));
    const guessed = `tx:${row!.txId}:client:${client.id}`;
    // A listed key carries a signature: not one of the two ids it names, nor the next transaction's.
    expect(change!.key).not.toBe(guessed);
    expect(await answerTo("revert", guessed, staff)).toEqual(await answerTo("revert", nowhere(change!.key), staff));
    expect((await answerTo("revert", guessed, staff)).status).toBe(404);
    const [unchanged] = await db().select().from(schema.clients).where(eq(schema.clients.id, client.id));
    expect(unchanged?.name).toBe("New Name");
  });

  test("staff may not take back what only administrators may change: the answer is a key's that does not exist", async () => {
    const admin = await createUser({ role: "admin" });
    const staff = await createUser({ role: "staff" });
    await db()
      .insert(schema.companySettings)
      .values({ id: 1, name: "Old Co" })
      .onConflictDoUpdate({ target: schema.companySettings.id, set: { name: "Old Co" } });
    await inRequestScope(() =>
      db().update(schema.companySettings).set({ name: "Admin's Co" }).where(eq(schema.companySettings.id, 1)),
    );
    const [save] = await recordHistoryEntries("settings", "1");
    expect(save).toMatchObject({ can: "revert" });

    const refused = await answerTo("revert", save!.key, staff);
    expect(refused).toEqual(await answerTo("revert", nowhere(save!.key), staff));
    expect(refused.status).toBe(404);
    const company = async () =>
      (await db().select().from(schema.companySettings).where(eq(schema.companySettings.id, 1)))[0]?.name;
    expect(await company()).toBe("Admin's Co");
    expect((await answerTo("revert", save!.key, admin)).status).toBe(200);
    expect(await company()).toBe("Old Co");

    // Nor restored: a deletion of the company's details is not staff's either, nor listed to them.
    await inRequestScope(() => db().delete(schema.companySettings).where(eq(schema.companySettings.id, 1)));
    const deleted = (await loadRecentlyDeleted(request("/admin/settings/deleted", { user: admin }))).list.rows.find(
      (e) => e.kind === "settings",
    );
    expect(deleted).toMatchObject({ can: "restore" });
    const { list } = await loadRecentlyDeleted(request("/admin/settings/deleted", { user: staff }));
    expect(list.rows.filter((e) => e.kind === "settings")).toEqual([]);
    expect(await answerTo("restore", deleted!.key, staff)).toEqual(
      await answerTo("restore", nowhere(deleted!.key), staff),
    );
    expect(await company()).toBeUndefined();
    expect((await answerTo("restore", deleted!.key, admin)).status).toBe(200);
    expect(await company()).toBe("Old Co");
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
