// "Remove portal access" signs the person out at once: the tab they still have
// open is refused at its very next request (the page, its .data and the sign
// action) and sent to the portal's sign-in, and nothing is signed. Real routes'
// loaders and actions, a real session cookie, a real database.
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeContact, makeProject } from "#tests/helpers/factories";
import { settle } from "#tests/helpers/loader";
import { portalSession } from "#tests/helpers/portal";
import { request } from "#tests/helpers/users";
import { minimalPdf } from "#tests/fixtures/pdf";
import { db, schema } from "~/.server/db";
import { storage } from "~/.server/storage";
import { sendForSignature } from "~/domain/contracts/signing/signing.server";
import { contractDocumentKey } from "~/domain/media/stored-files.server";
import { saveContact } from "~/domain/contacts/contacts.server";
import { removePortalAccess } from "~/domain/contacts/portal-access.server";
import { loadPortalContract, portalContractAction } from "./pages.server";

withTestDatabase();

describe("removing portal access", () => {
  test("the person's open tab is refused at its next request, page, data and action alike", async () => {
    const client = await makeClient({ name: "Hillside Academy" });
    const project = await makeProject({ clientId: client.id, title: "Hillside Play Trail" });
    const contact = await makeContact({ clientId: client.id, name: "Dana Hill", email: "dana@hillside.test" });
    const session = await portalSession(contact.id);
    const key = contractDocumentKey();
    await storage().put(key, minimalPdf(["Hillside agreement"]), { contentType: "application/pdf" });
    const [contract] = await db()
      .insert(schema.contracts)
      .values({ projectId: project.id, title: "Hillside agreement", documentKey: key, documentName: "hillside.pdf" })
      .returning();
    await sendForSignature({
      contractId: contract!.id,
      contactIds: [contact.id],
      expiresOn: null,
      actor: { userId: null, name: "Sam Staff", email: null, ip: null, userAgent: null },
    });
    const path = `/portal/contracts/${contract!.id}`;
    const asDana = (suffix = "", init: RequestInit = {}) =>
      request(`${path}${suffix}`, { ...init, headers: { Cookie: session.cookie } });
    const context = new RouterContextProvider();

    // The tab is open: Dana reads the contract.
    expect((await settle(() => loadPortalContract(asDana(), context, contract!.id))).status).toBe(200);

    await removePortalAccess(contact.id, null);

    const sign = () =>
      asDana("", {
        method: "POST",
        body: new URLSearchParams({ intent: "sign", consent: "on", fullName: "Dana Hill" }),
      });
    for (const [what, run] of [
      ["the page", () => loadPortalContract(asDana(), context, contract!.id)],
      ["its data", () => loadPortalContract(asDana(".data"), context, contract!.id)],
      ["the sign action", () => portalContractAction(sign(), context, contract!.id)],
    ] as const) {
      const thrown = await run().catch((answer: unknown) => answer);
      expect(thrown, what).toBeInstanceOf(Response);
      expect((thrown as Response).status, what).toBe(302);
      expect((thrown as Response).headers.get("Location"), what).toBe("/portal");
    }
    const [row] = await db().select().from(schema.contracts).where(eq(schema.contracts.id, contract!.id));
    expect(row).toMatchObject({ status: "viewed", signedDocumentKey: null, dateSigned: null });
  });
});

/** A client with a project, a contact signed in to the portal, and a contract ready to send. */
async function signedInWorld(name: string, email: string) {
  const client = await makeClient({ name: `${name}'s school` });
  const project = await makeProject({ clientId: client.id, title: `${name}'s playground` });
  const contact = await makeContact({ clientId: client.id, name, email });
  const session = await portalSession(contact.id);
  const key = contractDocumentKey();
  await storage().put(key, minimalPdf([`${name}'s agreement`]), { contentType: "application/pdf" });
  const [contract] = await db()
    .insert(schema.contracts)
    .values({ projectId: project.id, title: `${name}'s agreement`, documentKey: key, documentName: "agreement.pdf" })
    .returning();
  const send = () =>
    sendForSignature({
      contractId: contract!.id,
      contactIds: [contact.id],
      expiresOn: null,
      actor: { userId: null, name: "Sam Staff", email: null, ip: null, userAgent: null },
    });
  const sign = () =>
    portalContractAction(
      request(`/portal/contracts/${contract!.id}`, {
        method: "POST",
        body: new URLSearchParams({ intent: "sign", consent: "on", fullName: name }),
        headers: { Cookie: session.cookie },
      }),
      new RouterContextProvider(),
      contract!.id,
    ).catch((answer: unknown) => answer);
  const contractRow = async () =>
    (await db().select().from(schema.contracts).where(eq(schema.contracts.id, contract!.id)))[0]!;
  return { client, contact, session, send, sign, contractRow };
}

const toSignIn = (answer: unknown) => {
  expect(answer).toBeInstanceOf(Response);
  expect((answer as Response).status).toBe(302);
  expect((answer as Response).headers.get("Location")).toBe("/portal");
};

describe("the person a portal session proved", () => {
  test("staff give the contact another person's address and name: the old person's browser is signed out and cannot sign what is sent next", async () => {
    const w = await signedInWorld("Dana Old", "dana@old.test");
    const [row] = await db().select().from(schema.contacts).where(eq(schema.contacts.id, w.contact.id));
    await saveContact({
      id: w.contact.id,
      values: {
        name: "Eli New",
        email: "eli@new.test",
        phone: null,
        clientId: w.client.id,
        version: row!.updatedAt.toISOString(),
      },
    });
    await w.send();
    toSignIn(await w.sign());
    expect(await w.contractRow()).toMatchObject({ status: "sent", signedDocumentKey: null });
  });

  test("a session is refused when the address its code was mailed to is no longer the account's, or was never recorded", async () => {
    const w = await signedInWorld("Flo Kept", "flo@kept.test");
    await w.send();
    // A write that skips the contact (better-auth's own change of address, a hand edit).
    await db().update(schema.user).set({ email: "someone@else.test" }).where(eq(schema.user.id, w.session.userId));
    toSignIn(await w.sign());
    // A session that recorded no code (made before they were recorded) is refused too, not guessed.
    await db().update(schema.user).set({ email: "flo@kept.test" }).where(eq(schema.user.id, w.session.userId));
    await db().update(schema.session).set({ codeEmail: null }).where(eq(schema.session.userId, w.session.userId));
    toSignIn(await w.sign());
    expect(await w.contractRow()).toMatchObject({ status: "sent", signedDocumentKey: null });
  });
});
