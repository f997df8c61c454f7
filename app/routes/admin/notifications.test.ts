// Staff notifications' read state (decision 0069): per person, on the server,
// derived from one read mark; new inquiries and contracts viewed, signed or
// declined count, other contract events do not.
import { describe, expect, test } from "vitest";
import { db, schema } from "~/.server/db";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeContract, makeInquiry, makeProject } from "#tests/helpers/factories";
import { makeSentProposal } from "#tests/helpers/portal-proposals";
import { portalContact } from "#tests/helpers/proposals";
import { createUser, formRequest, request, type TestUser } from "#tests/helpers/users";
import { daysAgo } from "#tests/factories";
import { notificationTitle, type StaffNotifications } from "~/domain/notifications/notifications";
import { loadNotifications, notificationsAction } from "./notifications.server";

withTestDatabase();

const load = async (user: TestUser) =>
  (await (await loadNotifications(request("/admin/notifications", { user }))).json()) as StaffNotifications;
const read = (user: TestUser, upTo: string) => notificationsAction(formRequest("/admin/notifications", { upTo }, user));

async function contractEvent(type: (typeof schema.contractEvents.$inferInsert)["type"], at = new Date()) {
  const client = await makeClient();
  const project = await makeProject({ clientId: client.id });
  const contract = await makeContract({ projectId: project.id, title: "Riverside play area" });
  await db().insert(schema.contractEvents).values({ contractId: contract.id, type, name: "Jane Signer", at });
  return contract;
}

describe("notifications", () => {
  test("count what came since the person joined: new inquiries and contracts viewed, signed or declined", async () => {
    await makeInquiry({ name: "Before You Joined", createdAt: daysAgo(2) });
    const anna = await createUser({ role: "staff", name: "Anna" });
    const inquiry = await makeInquiry({ name: "Robin Reyes", sourceTitle: "Harbour Ship" });
    const signed = await contractEvent("signed");
    await contractEvent("viewed");
    await contractEvent("declined");
    await contractEvent("sent");
    await contractEvent("reminded");

    const seen = await load(anna);
    expect(seen.unread).toBe(4);
    expect(seen.items.filter((item) => item.unread)).toHaveLength(4);
    expect(seen.items.find((item) => item.who === "Before You Joined")?.unread).toBe(false);
    expect(
      seen.items.some((item) => item.kind === "contract" && !["viewed", "signed", "declined"].includes(item.event)),
    ).toBe(false);
    expect(seen.items.find((item) => item.id === inquiry.id)).toMatchObject({
      kind: "inquiry",
      event: "new",
      who: "Robin Reyes",
      about: "Harbour Ship",
      href: `/admin/inquiries/${inquiry.id}`,
    });
    expect(
      seen.items.find((item) => item.event === "signed" && item.href === `/admin/contracts/${signed.id}/edit`),
    ).toMatchObject({
      kind: "contract",
      who: "Jane Signer",
      about: "Riverside play area",
    });
  });

  test("read up to what the menu showed: the count is per person, kept on the server, and what comes later is unread", async () => {
    const anna = await createUser({ role: "staff", name: "Anna" });
    const olga = await createUser({ role: "admin", name: "Olga" });
    await makeInquiry({ name: "First Buyer" });
    await makeInquiry({ name: "Second Buyer" });
    const shown = await load(anna);
    expect(shown.unread).toBe(2);

    const after = await read(anna, shown.items[0]!.at);
    expect(await after.json()).toMatchObject({ unread: 0 });
    // A fresh read (a reload) says the same; Olga has read nothing.
    expect((await load(anna)).unread).toBe(0);
    expect((await load(olga)).unread).toBe(2);

    await makeInquiry({ name: "Third Buyer" });
    expect((await load(anna)).unread).toBe(1);
    // An older mark (another tab's stale menu) does not take back what was read.
    await read(anna, daysAgo(1).toISOString());
    expect((await load(anna)).unread).toBe(1);
  });

  test("a mark in the future stops at now: what comes after is still unread", async () => {
    const anna = await createUser({ role: "staff", name: "Anna" });
    await read(anna, new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString());
    await makeInquiry({ name: "Later Buyer" });
    expect((await load(anna)).unread).toBe(1);
  });

  test("a malformed mark is a 400, and only staff read notifications", async () => {
    const anna = await createUser({ role: "staff", name: "Anna" });
    expect((await read(anna, "yesterday")).status).toBe(400);
    const portal = await createUser({ role: "client", name: "Client" });
    await expect(load(portal)).rejects.toBeInstanceOf(Response);
  });

  test("a proposal viewed (once per buyer and version), accepted, declined or sent back for changes tells the staff", async () => {
    const anna = await createUser({ role: "staff", name: "Anna" });
    const client = await makeClient();
    const contact = await portalContact(client.id);
    const { id, versionId } = await makeSentProposal({ clientId: client.id, contactIds: [contact.id], title: "Harbour play trail" });
    const view = { proposalId: id, versionId, contactId: contact.id, name: "Ada Buyer" };
    await db().insert(schema.proposalViews).values([view, view]);
    const comment = { proposalId: id, versionId, name: "Ada Buyer", body: "Fewer swings, please." };
    await db().insert(schema.proposalComments).values({ ...comment, author: "client", requestsChanges: true });
    await db().insert(schema.proposalComments).values({ ...comment, author: "staff", name: "Anna", body: "Will do." });
    await db().insert(schema.proposalComments).values({ ...comment, author: "client", body: "Thanks!" });
    await db().insert(schema.proposalAcceptances).values({
      proposalId: id,
      versionId,
      outcome: "declined",
      name: "Ada Buyer",
      email: "ada@example.test",
      contentSha256: "0".repeat(64),
      declineReason: "Over budget",
    });

    const seen = await load(anna);
    const about = seen.items.filter((item) => item.kind === "proposal");
    expect(about.map((item) => item.event).sort()).toEqual(["changes requested", "declined", "viewed"]);
    expect(about.every((item) => item.href === `/admin/proposals/${id}` && item.who === "Ada Buyer")).toBe(true);
    expect(about.every((item) => item.about === "Harbour play trail" && item.unread)).toBe(true);
    expect(about.map(notificationTitle).sort()).toEqual([
      "Changes requested by Ada Buyer",
      "Proposal declined by Ada Buyer",
      "Proposal viewed by Ada Buyer",
    ]);
  });
});
