// The buyer's answers through the proposal page's action, with a real portal
// session and posted forms (the rules are the domain's: answers.test.ts):
// each answer redirects back to the page, which then shows it; a form the
// schema refuses says why on its fields; a refusal (ANSWER_REFUSALS) is the
// form's error with a toast, through the shared answers as every action's.
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeContact, makeInquiry } from "#tests/helpers/factories";
import { settle } from "#tests/helpers/loader";
import { portalSession } from "#tests/helpers/portal";
import { makeSentProposal } from "#tests/helpers/portal-proposals";
import { toastOf } from "#tests/helpers/toast";
import { request } from "#tests/helpers/users";
import type { ActionResult } from "~/lib/action-result";
import { db, schema } from "~/.server/db";
import { SIGNING_MESSAGES } from "~/domain/contracts/signing/consent";
import { ANSWER_REFUSALS } from "~/domain/proposal-portal/answers.server";
import { ACCEPTANCE_MESSAGES } from "~/domain/proposal-portal/consent";
import { loadPortalProposal, portalProposalAction } from "./pages.server";

withTestDatabase();

/** sampleContent's total without the optional shade sail, and with it (minor units). */
const BASE = 1_500_000;
const WITH_SAIL = 1_716_000;

let n = 0;
async function world() {
  n += 1;
  const client = await makeClient({ name: `Northtown School ${n}` });
  const contact = await makeContact({ clientId: client.id, name: `Ada Buyer ${n}`, email: `ada${n}@answers.test` });
  const session = await portalSession(contact.id);
  const inquiry = await makeInquiry({ name: "Ada", email: `ada${n}@answers.test`, message: "A trail" });
  const { id } = await makeSentProposal({
    clientId: client.id,
    contactIds: [contact.id],
    title: `Back field trail ${n}`,
    validUntil: "2099-12-31",
    inquiryId: inquiry.id,
  });
  const post = (fields: [string, string][], as = session.cookie, target = id) =>
    portalProposalAction(
      request(`/portal/proposals/${target}`, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { Cookie: as, "User-Agent": "BuyerBrowser/3" },
      }),
      new RouterContextProvider(),
      target,
    ).catch((thrown: unknown) => thrown);
  const page = async () =>
    (
      await loadPortalProposal(
        request(`/portal/proposals/${id}.data`, { headers: { Cookie: session.cookie } }),
        new RouterContextProvider(),
        id,
      )
    ).proposal;
  const row = async () => (await db().select().from(schema.proposals).where(eq(schema.proposals.id, id)))[0]!;
  return { client, contact, session, inquiry, id, post, page, row };
}

const accepting = (name: string, change: Record<string, string> = {}): [string, string][] =>
  Object.entries({
    intent: "accept",
    consent: "on",
    fullName: name,
    options: "l-sail",
    seenVersion: "1",
    seenTotal: String(WITH_SAIL),
    ...change,
  });

/** An answer that went back to the proposal's page: where, and its toast. */
async function redirected(answer: unknown, id: string) {
  expect(answer).toBeInstanceOf(Response);
  const response = answer as Response;
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe(`/portal/proposals/${id}`);
  return toastOf({ headers: response.headers });
}

/** The form's answer (not a redirect): its status, field and form errors, and toast. */
async function formAnswer(answer: unknown) {
  expect(answer).not.toBeInstanceOf(Response);
  const { data, init } = answer as { data: ActionResult; init: ResponseInit | null };
  const errors = (data.result?.error ?? {}) as Record<string, string[] | null>;
  return { data, status: init?.status, errors, toast: await toastOf(init) };
}

describe("the proposal page's answers", () => {
  test("Accept with a ticked option, typed name, consent and a drawn signature: back to the page, which shows the acceptance", async () => {
    const w = await world();
    const png = await sharp({ create: { width: 300, height: 100, channels: 4, background: "#1f2937" } })
      .png()
      .toBuffer();
    const answer = await w.post(
      accepting(w.contact.name, { signature: `data:image/png;base64,${png.toString("base64")}` }),
    );
    expect(await redirected(answer, w.id)).toMatchObject({ type: "success", title: "Proposal accepted" });

    const shown = await w.page();
    expect(shown.status).toBe("accepted");
    expect(shown.answer).toMatchObject({
      outcome: "accepted",
      typedName: w.contact.name,
      chosenLineIds: ["l-sail"],
      totalAccepted: WITH_SAIL,
      sealed: true,
    });
    expect((await w.row()).contractId).toEqual(expect.any(String));
    const [inquiry] = await db().select().from(schema.inquiries).where(eq(schema.inquiries.id, w.inquiry.id));
    expect(inquiry!.status).toBe("won");
  });

  test("the form says what is missing on its fields; nothing is recorded", async () => {
    const w = await world();
    const accept = await formAnswer(
      await w.post([
        ["intent", "accept"],
        ["fullName", " "],
        ["seenVersion", "1"],
        ["seenTotal", String(BASE)],
      ]),
    );
    expect(accept).toMatchObject({ status: 400, data: { ok: false, intent: "accept" } });
    expect(accept.errors.consent).toEqual([ACCEPTANCE_MESSAGES.consent]);
    expect(accept.errors.fullName).toEqual([SIGNING_MESSAGES.fullName]);

    const decline = await formAnswer(
      await w.post(Object.entries({ intent: "decline", reason: "no", seenVersion: "1" })),
    );
    expect(decline.errors.reason).toEqual([ACCEPTANCE_MESSAGES.reason]);
    const changes = await formAnswer(
      await w.post(Object.entries({ intent: "changes", comment: "", seenVersion: "1" })),
    );
    expect(changes.errors.comment).toEqual([ACCEPTANCE_MESSAGES.changes]);
    expect((await w.row()).status).toBe("sent");
  });

  test("a refusal is the form's error and a toast: a total the buyer did not see, a version that changed, an answered proposal", async () => {
    const w = await world();
    const title = "The proposal was not accepted";
    for (const [change, message] of [
      [{ seenTotal: String(BASE) }, ACCEPTANCE_MESSAGES.totalChanged],
      [{ seenVersion: "2" }, ANSWER_REFUSALS.changed],
      [{ options: "l-pyramid" }, ACCEPTANCE_MESSAGES.unknownOption],
    ] as const) {
      const refused = await formAnswer(await w.post(accepting(w.contact.name, change)));
      expect(refused, message).toMatchObject({ status: 409, toast: { type: "error", title, description: message } });
      expect(refused.errors[""]).toEqual([message]);
    }
    await redirected(await w.post(accepting(w.contact.name)), w.id);
    const again = await formAnswer(await w.post(accepting(w.contact.name)));
    expect(again).toMatchObject({ status: 409, errors: { "": [ANSWER_REFUSALS.accepted] } });
    const late = await formAnswer(
      await w.post(Object.entries({ intent: "decline", reason: "Too dear", seenVersion: "1" })),
    );
    expect(late.toast).toMatchObject({ title: "The proposal was not declined", description: ANSWER_REFUSALS.accepted });
  });

  test("Decline with a reason, and Ask for changes with a comment: each shows on the page", async () => {
    const w = await world();
    const changes = await w.post(
      Object.entries({ intent: "changes", comment: "Could the sail be blue?", seenVersion: "1" }),
    );
    expect(await redirected(changes, w.id)).toMatchObject({ type: "success", title: "Changes requested" });
    let shown = await w.page();
    expect(shown.status).toBe("changes_requested");
    expect(shown.thread.map((comment) => comment.body)).toEqual(["Could the sail be blue?"]);

    const declined = await w.post(
      Object.entries({ intent: "decline", reason: "The budget was cut", seenVersion: "1" }),
    );
    expect(await redirected(declined, w.id)).toMatchObject({ type: "success", title: "You declined this proposal" });
    shown = await w.page();
    expect(shown.status).toBe("declined");
    expect(shown.answer).toMatchObject({ outcome: "declined", declineReason: "The budget was cut" });
  });

  test("another client's proposal and a malformed id are the portal's 404; nothing is answered", async () => {
    const w = await world();
    const other = await world();
    for (const target of [other.id, "not-an-id"]) {
      const answer = await settle(() => w.post(accepting(w.contact.name), w.session.cookie, target));
      expect(answer.status, target).toBe(404);
      expect(answer.text, target).toContain("This proposal does not exist, or is not yours to see.");
    }
    expect((await other.row()).status).toBe("sent");
  });
});
