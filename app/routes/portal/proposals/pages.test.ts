// The client's proposals in the portal through the real loaders and a real
// portal session: only sent proposals, each as its latest sent version (a
// draft being prepared stays with staff); opening one records a view that the
// owner hears live; another client's proposal does not exist for them.
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeContact } from "#tests/helpers/factories";
import { settle } from "#tests/helpers/loader";
import { pdfPages } from "#tests/helpers/pdf-text";
import { portalSession } from "#tests/helpers/portal";
import { makeSentProposal, reviseAndSend, sampleContent, saveProposalDraft } from "#tests/helpers/portal-proposals";
import { request } from "#tests/helpers/users";
import { db, schema } from "~/.server/db";
import { changesAfter, latestChangeId } from "~/.server/live/log";
import { createProposal } from "~/domain/proposals/proposals.server";
import { loader as documentLoader } from "./document";
import { loadPortalProposal, loadPortalProposals } from "./pages.server";

const database = withTestDatabase();

let n = 0;
/** A client with a contact signed in to the portal, and a proposal sent to them. */
async function buyer(name: string) {
  n += 1;
  const client = await makeClient({ name: `${name} School ${n}` });
  const contact = await makeContact({ clientId: client.id, name, email: `buyer${n}@school.test` });
  const session = await portalSession(contact.id);
  const as = (path: string) => request(path, { headers: { Cookie: session.cookie, "User-Agent": "BuyerBrowser/3" } });
  return { client, contact, session, as };
}

const context = () => new RouterContextProvider();

describe("the portal's proposals", () => {
  test("the list shows the client's sent proposals only, each at its latest sent version", async () => {
    const ada = await buyer("Ada Buyer");
    const other = await buyer("Ben Other");
    const sent = await makeSentProposal({
      clientId: ada.client.id,
      contactIds: [ada.contact.id],
      title: "Back field trail",
      validUntil: "2099-12-31",
    });
    await createProposal({ clientId: ada.client.id, title: "Still a draft", userId: null });
    await makeSentProposal({ clientId: other.client.id, contactIds: [other.contact.id], title: "Not Ada's" });

    const { proposals } = await loadPortalProposals(ada.as("/portal/proposals"));
    expect(proposals).toEqual([
      expect.objectContaining({
        id: sent.id,
        title: "Back field trail",
        status: "sent",
        version: 1,
        total: 1_500_000,
        validUntil: "2099-12-31",
        money: { currency: "USD", locale: "en-US" },
      }),
    ]);
  });

  test("the page shows the latest sent version: a draft v2 is invisible and v1 shows, until v2 is sent", async () => {
    const ada = await buyer("Ada Buyer");
    const { id } = await makeSentProposal({ clientId: ada.client.id, contactIds: [ada.contact.id] });
    const v2 = sampleContent({
      introduction: "The revised trail.",
      lines: [{ ...sampleContent().lines[0]!, id: "l-tower", name: "Climbing tower", unitPrice: 990_000 }],
    });
    await saveProposalDraft(id, v2);

    const page = async () => (await loadPortalProposal(ada.as(`/portal/proposals/${id}.data`), context(), id)).proposal;
    let shown = await page();
    expect(shown).toMatchObject({ number: 1, introduction: sampleContent().introduction, total: 1_500_000 });
    expect(shown.lines.map((line) => line.name)).toEqual(["Rope pyramid", "Shade sail"]);
    expect(JSON.stringify(shown)).not.toContain("Climbing tower");

    await reviseAndSend(id, [ada.contact.id], v2);
    shown = await page();
    expect(shown).toMatchObject({ number: 2, introduction: "The revised trail." });
    expect(shown.lines.map((line) => line.name)).toEqual(["Climbing tower"]);
  });

  test("opening the page records a view (sent → viewed) that the owner hears live; its data requests do not", async () => {
    const ada = await buyer("Ada Buyer");
    const { id, versionId } = await makeSentProposal({ clientId: ada.client.id, contactIds: [ada.contact.id] });
    const before = await latestChangeId(database.current());

    const { proposal } = await loadPortalProposal(ada.as(`/portal/proposals/${id}`), context(), id);
    expect(proposal.status).toBe("viewed");
    const views = () => db().select().from(schema.proposalViews).where(eq(schema.proposalViews.proposalId, id));
    expect(await views()).toEqual([
      expect.objectContaining({
        versionId,
        contactId: ada.contact.id,
        userId: ada.session.userId,
        name: "Ada Buyer",
        userAgent: "BuyerBrowser/3",
      }),
    ]);
    const { changes } = await changesAfter(database.current(), before);
    expect(changes).toContainEqual(expect.objectContaining({ kind: "proposal-event", record: id, op: "created" }));
    expect(changes).toContainEqual(expect.objectContaining({ kind: "proposal", record: id }));

    await loadPortalProposal(ada.as(`/portal/proposals/${id}.data`), context(), id);
    expect(await views()).toHaveLength(1);
    await loadPortalProposal(ada.as(`/portal/proposals/${id}`), context(), id);
    expect(await views()).toHaveLength(2);
  });

  test("another client's proposal, a draft-only one and a malformed id are 404 on the page, its data and its PDF", async () => {
    const ada = await buyer("Ada Buyer");
    const other = await buyer("Ben Other");
    const foreign = await makeSentProposal({ clientId: other.client.id, contactIds: [other.contact.id] });
    const draft = await createProposal({ clientId: ada.client.id, title: "Draft only", userId: null });
    for (const id of [foreign.id, draft.id, "not-an-id"]) {
      for (const path of [`/portal/proposals/${id}`, `/portal/proposals/${id}.data`]) {
        const answer = await settle(() => loadPortalProposal(ada.as(path), context(), id));
        expect(answer.status, path).toBe(404);
        expect(answer.text, path).toContain("This proposal does not exist, or is not yours to see.");
      }
      const pdf = await settle(() =>
        documentLoader({ request: ada.as(`/portal/proposals/${id}/document`), params: { id } } as never),
      );
      expect(pdf.status).toBe(404);
    }
    // Nothing was recorded for the foreign one.
    expect(
      await db().select().from(schema.proposalViews).where(eq(schema.proposalViews.proposalId, foreign.id)),
    ).toEqual([]);
  });

  test("the PDF of a sent version is the proposal as printed, with its lines and terms", async () => {
    const ada = await buyer("Ada Buyer");
    const { id } = await makeSentProposal({
      clientId: ada.client.id,
      contactIds: [ada.contact.id],
      title: "Back field trail",
    });
    const answer = (await documentLoader({
      request: ada.as(`/portal/proposals/${id}/document`),
      params: { id },
    } as never)) as Response;
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("application/pdf");
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    expect(answer.headers.get("Content-Disposition")).toContain("Back field trail - v1.pdf");
    const text = (await pdfPages(Buffer.from(await answer.arrayBuffer()))).join("\n");
    expect(text).toContain("Back field trail");
    expect(text).toContain("Rope pyramid");
    expect(text).toContain("Payment within 30 days of installation.");
  });
});
