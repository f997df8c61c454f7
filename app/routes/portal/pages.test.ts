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
import { removePortalAccess } from "~/domain/portal/access.server";
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
