// A proposal's changes on its History panel, and undo as for the other records,
// except where the rule says a sent version is frozen: a sending is never
// reverted, and no revert may rewrite a sent version's content, totals or money.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient } from "#tests/helpers/factories";
import { portalContact, proposalContent, proposalLine } from "#tests/helpers/proposals";
import { factories } from "#tests/factories";
import { db, schema } from "~/.server/db";
import { withHistoryScope } from "~/.server/db/history-scope";
import { recordHistoryEntries, revertEntry } from "../history/history.server";
import { openEntryToken } from "../history/keys.server";
import type { HistoryEntry } from "../history/kinds";
import { InvalidInputError } from "../errors";
import { createProposal, getProposal, getVersion, saveDraft, sendProposal, withdrawProposal } from "./proposals.server";

withTestDatabase();

const TODAY = "2026-12-03";
const ann = { id: "00000000-0000-4000-8000-00000000a041", name: "Ann Lee" };
beforeAll(async () => {
  await factories(db()).user(ann);
});
const asAnn = <T>(fn: () => Promise<T>) => withHistoryScope(ann, fn);
const keyOf = (entry: HistoryEntry) => openEntryToken(entry.key)!;
const latestEntry = async (id: string) => (await recordHistoryEntries("proposal", id))[0]!;

/** Saves the draft as Ann, with the proposal's token as loaded. */
async function save(id: string, title: string, lines = [proposalLine("a")], introduction = "A play trail.") {
  const proposal = (await getProposal(id, TODAY))!;
  return asAnn(() =>
    saveDraft({
      id,
      version: proposal.version,
      values: { title, validUntil: null, projectId: null, content: proposalContent(lines, { introduction }) },
      userId: ann.id,
    }),
  );
}

async function sendIt(id: string, contactId: string) {
  const proposal = (await getProposal(id, TODAY))!;
  return asAnn(() =>
    sendProposal({ id, version: proposal.version, contactIds: [contactId], sender: ann, today: TODAY }),
  );
}

let n = 0;
async function world() {
  n += 1;
  const client = await makeClient({ name: `History School ${n}` });
  const buyer = await portalContact(client.id, `Hal Buyer ${n}`);
  const { id } = await asAnn(() => createProposal({ clientId: client.id, title: `Trail ${n}`, userId: ann.id }));
  return { id, buyer };
}

const setCompanyMoney = (currency: string, locale: string) =>
  db()
    .insert(schema.companySettings)
    .values({ id: 1, currency, locale })
    .onConflictDoUpdate({ target: schema.companySettings.id, set: { currency, locale } });

describe("a proposal's history", () => {
  test("a saved draft is on its history, and reverting the save puts the title and the draft's content back", async () => {
    const { id } = await world();
    await save(id, `Trail ${n}`, [proposalLine("a")], "First words.");
    await save(id, "Trail renamed", [proposalLine("a"), proposalLine("b", { name: "Zip line" })], "Second words.");

    const entry = await latestEntry(id);
    expect(entry).toMatchObject({ actor: "Ann Lee", summary: 'Changed proposal "Trail renamed"', can: "revert" });
    expect(entry.changes).toContainEqual({ field: "Title", before: `Trail ${n}`, after: "Trail renamed" });

    await asAnn(() => revertEntry(keyOf(entry)));
    const proposal = (await getProposal(id, TODAY))!;
    expect(proposal.title).toBe(`Trail ${n}`);
    const draft = (await getVersion(id, proposal.versions[0]!.id))!;
    expect(draft.content.introduction).toBe("First words.");
    expect(draft.content.lines.map((line) => line.id)).toEqual(["a"]);
    expect(draft.lineCount).toBe(1);
  });

  test("a sending is never reverted: the panel says why and a revert is refused, changing nothing", async () => {
    const { id, buyer } = await world();
    await save(id, `Trail ${n}`);
    const sent = await sendIt(id, buyer.id);

    const entry = await latestEntry(id);
    expect(entry).toMatchObject({ can: null, why: "A proposal's sending is kept." });
    await expect(asAnn(() => revertEntry(keyOf(entry)))).rejects.toThrow(
      new InvalidInputError("A proposal's sending is kept: it cannot be reverted."),
    );
    const version = (await getVersion(id, sent.versionId))!;
    expect(version.sentAt).not.toBeNull();
    expect((await getProposal(id, TODAY))!.storedStatus).toBe("sent");
  });

  test("undo refuses to rewrite a sent version: a save from before the sending is not reverted, even one touching nothing the sending changed", async () => {
    const { id, buyer } = await world();
    await save(id, `Trail ${n}`);
    // The company's money changes: the next save writes only the draft's currency and locale.
    await setCompanyMoney("EUR", "de-DE");
    try {
      await save(id, `Trail ${n}`);
      const moneySave = await latestEntry(id);
      expect(moneySave.changes).toEqual([]);
      const sent = await sendIt(id, buyer.id);

      await expect(asAnn(() => revertEntry(keyOf(moneySave)))).rejects.toThrow(
        new InvalidInputError(
          "Version 1 of this proposal was sent: a sent version never changes. Edit the proposal to make the next version.",
        ),
      );
      const version = (await getVersion(id, sent.versionId))!;
      expect(version).toMatchObject({ currency: "EUR", locale: "de-DE" });
    } finally {
      await setCompanyMoney("USD", "en-US");
    }
  });

  test("a withdrawal is undone like any other change: the proposal is open again", async () => {
    const { id, buyer } = await world();
    await save(id, `Trail ${n}`);
    await sendIt(id, buyer.id);
    const proposal = (await getProposal(id, TODAY))!;
    await asAnn(() => withdrawProposal(id, proposal.version));

    const entry = await latestEntry(id);
    expect(entry).toMatchObject({ can: "revert" });
    await asAnn(() => revertEntry(keyOf(entry)));
    expect((await getProposal(id, TODAY))!.storedStatus).toBe("sent");
    await expect(db().select().from(schema.proposals).where(eq(schema.proposals.id, id))).resolves.toMatchObject([
      { closedAt: null },
    ]);
  });
});
