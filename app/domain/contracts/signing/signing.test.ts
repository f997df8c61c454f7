import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeContact, makeImage, makeProject } from "#tests/helpers/factories";
import { factories } from "#tests/factories";
import { mailsTo } from "#tests/helpers/outbox";
import { createUser } from "#tests/helpers/users";
import { withHistoryScope } from "~/.server/db/history-scope";
import { checkPdfSignature } from "#tests/helpers/pdf-signature";
import { pdfImageCount, pdfPages } from "#tests/helpers/pdf-text";
import sharp from "sharp";
import { minimalPdf } from "#tests/fixtures/pdf";
import { db, schema } from "~/.server/db";
import { storage } from "~/.server/storage";
import { contractDocumentKey } from "~/domain/media/stored-files.server";
import { findPortalContact, invitePortalContact } from "../../contacts/portal-access.server";
import { listClientContracts, listClientProjects } from "../../portal/portal.server";
import { listContracts, saveContract } from "../contracts.server";
import { SIGNED_DOCUMENT_FIXED } from "../document";
import { revertEntry } from "../../history/history.server";
import { utcTime } from "./certificate.server";
import { storeContractDocument } from "../documents.server";
import { Readable } from "node:stream";
import { SIGNING_CONSENT, SIGNING_MESSAGES } from "./consent";
import { signFormSchema } from "./schema";
import { runContractDeadlines } from "./deadlines.server";
import { listContractEvents } from "./events.server";
import {
  declineContract,
  recordView,
  sendForSignature,
  type SendInput,
  SIGNING_REFUSALS,
  signContract,
  type SignerContext,
  voidContract,
} from "./signing.server";
import { getPortalContract, openPortalDocument } from "./views.server";

withTestDatabase();

const STAFF = {
  userId: null,
  name: "Sam Staff",
  email: "sam@company.test",
  ip: "10.0.0.1",
  userAgent: "StaffBrowser/1",
};
const sha256 = (bytes: Uint8Array | string) => crypto.createHash("sha256").update(bytes).digest("hex");
let n = 0;

async function storedPdf(lines: string[]) {
  const bytes = minimalPdf(lines);
  const key = contractDocumentKey();
  await storage().put(key, bytes, { contentType: "application/pdf" });
  return { key, bytes };
}

/** A client with a project, a contact with portal access, and a contract with its document. */
async function world() {
  n += 1;
  const client = await makeClient({ name: `School ${n}` });
  const project = await makeProject({ clientId: client.id, title: `Playground ${n}`, status: "planning" });
  const person = await makeContact({ clientId: client.id, name: `Signer ${n}`, email: `signer${n}@client.test` });
  await invitePortalContact(person.id, null);
  const contact = (await findPortalContact(
    (await db().select().from(schema.contacts).where(eq(schema.contacts.id, person.id)))[0]!.userId!,
  ))!;
  const document = await storedPdf([`Agreement number ${n}`, "The playground will be built."]);
  const [contract] = await db()
    .insert(schema.contracts)
    .values({
      projectId: project.id,
      title: `Agreement ${n}`,
      documentKey: document.key,
      documentName: "agreement.pdf",
      documentBytes: document.bytes.length,
    })
    .returning();
  const [account] = await db().select().from(schema.user).where(eq(schema.user.email, contact.email));
  const signer: SignerContext = {
    contact,
    userId: account!.id,
    ip: "203.0.113.9",
    userAgent: "ClientBrowser/2",
    // What the session's sign-in proved: the code mailed to this address, then.
    codeSignIn: { email: contact.email, mailedAt: new Date("2026-03-01T09:15:00.000Z") },
  };
  return { client, project, contact, contract: contract!, document, signer };
}

/** Staff send `w`'s contract to its contact. */
const sendTo = (w: Awaited<ReturnType<typeof world>>, more: Partial<SendInput> = {}) =>
  sendForSignature({
    contractId: w.contract.id,
    contactIds: [w.contact.contactId],
    expiresOn: null,
    actor: STAFF,
    ...more,
  });

const status = async (id: string) =>
  (await db().select({ status: schema.contracts.status }).from(schema.contracts).where(eq(schema.contracts.id, id)))[0]!
    .status;

describe("sending for signature", () => {
  test("needs the document and contacts of the project's client with portal access", async () => {
    const a = await world();
    const b = await world();
    await db().update(schema.contracts).set({ documentKey: null }).where(eq(schema.contracts.id, a.contract.id));
    await expect(
      sendForSignature({ contractId: a.contract.id, contactIds: [a.contact.contactId], expiresOn: null, actor: STAFF }),
    ).rejects.toThrow(SIGNING_REFUSALS.noDocument);
    // Another client's contact cannot be asked.
    await expect(
      sendForSignature({ contractId: b.contract.id, contactIds: [a.contact.contactId], expiresOn: null, actor: STAFF }),
    ).rejects.toThrow(SIGNING_REFUSALS.recipients);
    expect(await status(b.contract.id)).toBe("draft");
  });

  test("draft → sent records the hash of the document as sent, the recipients, the event and a mail", async () => {
    const w = await world();
    await sendTo(w, { expiresOn: "2099-01-01", today: "2026-03-01" });
    const [row] = await db().select().from(schema.contracts).where(eq(schema.contracts.id, w.contract.id));
    expect(row).toMatchObject({
      status: "sent",
      dateSent: "2026-03-01",
      expiresOn: "2099-01-01",
      documentSha256: sha256(w.document.bytes),
    });
    expect((await listContractEvents(w.contract.id)).map((event) => event.type)).toEqual(["sent"]);
    expect(mailsTo(w.contact.email).some((mail) => mail.subject.startsWith("Please review and sign"))).toBe(true);
    // Sent once: sending again needs a void first.
    await expect(
      sendForSignature({ contractId: w.contract.id, contactIds: [w.contact.contactId], expiresOn: null, actor: STAFF }),
    ).rejects.toThrow(SIGNING_REFUSALS.notSendable);
  });
});

describe("the client's side", () => {
  test("two clients: each sees only its own projects and contracts, and cannot act on the other's", async () => {
    const a = await world();
    const b = await world();
    await sendForSignature({
      contractId: b.contract.id,
      contactIds: [b.contact.contactId],
      expiresOn: null,
      actor: STAFF,
    });
    expect((await listClientProjects(a.client.id)).map((p) => p.id)).toEqual([a.project.id]);
    expect(await listClientContracts(a.client.id, a.contact.contactId)).toEqual([]); // a's is a draft: not shown
    expect(await getPortalContract(a.client.id, a.contact.contactId, b.contract.id)).toBeNull();
    expect(await openPortalDocument(a.client.id, b.contract.id)).toBeNull();
    await expect(signContract(b.contract.id, a.signer, { typedName: "Intruder" })).rejects.toThrow(
      "This contract does not exist.",
    );
    await expect(declineContract(b.contract.id, a.signer, "no")).rejects.toThrow("This contract does not exist.");
    await recordView(b.contract.id, a.signer);
    expect(await status(b.contract.id)).toBe("sent");
  });

  test("a project's card: its photos and videos counted, the public page's hero as its cover", async () => {
    const w = await world();
    // No completed photo yet: the hero is the render (a gallery card would take the installation photo).
    await makeImage({ projectId: w.project.id, imageCategory: "photos_installation", displayOrder: 0 });
    const render = await makeImage({ projectId: w.project.id, imageCategory: "3d_renders", displayOrder: 1 });
    await factories(db()).video({ projectId: w.project.id });
    const [card] = await listClientProjects(w.client.id);
    expect(card).toMatchObject({ photos: 2, videos: 1 });
    expect(card?.cover?.src).toContain(render.storageKey.replace(/\.jpg$/, ""));
  });

  test("sent → viewed once; declined keeps the reason; voided and expired cannot be signed", async () => {
    const w = await world();
    await sendTo(w);
    await recordView(w.contract.id, w.signer);
    await recordView(w.contract.id, w.signer);
    expect(await status(w.contract.id)).toBe("viewed");
    expect((await listContractEvents(w.contract.id)).map((e) => e.type)).toEqual(["sent", "viewed"]);
    await declineContract(w.contract.id, w.signer, "The price changed");
    const [row] = await db().select().from(schema.contracts).where(eq(schema.contracts.id, w.contract.id));
    expect(row).toMatchObject({ status: "declined", declinedReason: "The price changed" });
    // Staff's list says when.
    const declined = (await listContractEvents(w.contract.id)).find((e) => e.type === "declined")!;
    const { rows: listed } = await listContracts({ q: w.contract.title!, status: "", page: 1 });
    expect(listed.find((r) => r.id === w.contract.id)?.declinedAt).toBe(
      declined.at.toISOString().replace(/\.\d+Z$/, "Z"),
    );
    await expect(signContract(w.contract.id, w.signer, { typedName: "Late" })).rejects.toThrow(
      SIGNING_REFUSALS.notAwaiting,
    );

    const v = await world();
    await sendForSignature({
      contractId: v.contract.id,
      contactIds: [v.contact.contactId],
      expiresOn: null,
      actor: STAFF,
    });
    await voidContract(v.contract.id, STAFF);
    await expect(signContract(v.contract.id, v.signer, { typedName: "Late" })).rejects.toThrow(
      SIGNING_REFUSALS.notAwaiting,
    );

    const x = await world();
    await sendForSignature({
      contractId: x.contract.id,
      contactIds: [x.contact.contactId],
      expiresOn: "2026-03-10",
      actor: STAFF,
      today: "2026-03-01",
    });
    await expect(signContract(x.contract.id, x.signer, { typedName: "Late" }, { today: "2026-03-11" })).rejects.toThrow(
      SIGNING_REFUSALS.expired,
    );
    await runContractDeadlines("2026-03-11");
    expect(await status(x.contract.id)).toBe("expired");
    expect((await listContractEvents(x.contract.id)).map((e) => e.type)).toContain("expired");
  });

  test("a reminder goes once, the configured number of days after sending", async () => {
    const w = await world();
    await sendTo(w, { today: "2026-04-01" });
    const reminders = () => mailsTo(w.contact.email).filter((mail) => mail.subject.startsWith("Reminder")).length;
    await runContractDeadlines("2026-04-03");
    expect(reminders()).toBe(0);
    await runContractDeadlines("2026-04-04"); // 3 days (CONTRACT_REMINDER_DAYS' default)
    await runContractDeadlines("2026-04-05");
    expect(reminders()).toBe(1);
  });
});

describe("signing", () => {
  let w: Awaited<ReturnType<typeof world>>;
  let sealed: Buffer;
  let sender: { email: string };
  beforeAll(async () => {
    w = await world();
    // Sent by a staff member with an account: the signed PDF goes back to them.
    const staff = await createUser({ role: "staff", name: "Sam Staff" });
    sender = staff;
    await sendForSignature({
      contractId: w.contract.id,
      contactIds: [w.contact.contactId],
      expiresOn: null,
      actor: { ...STAFF, userId: staff.id, email: staff.email },
    });
    await recordView(w.contract.id, w.signer);
    const png = await sharp({ create: { width: 300, height: 100, channels: 4, background: "#1f2937" } })
      .png()
      .toBuffer();
    await signContract(w.contract.id, w.signer, {
      typedName: "Signer Fullname",
      signatureDataUrl: `data:image/png;base64,${png.toString("base64")}`,
    });
    const document = await openPortalDocument(w.client.id, w.contract.id);
    const chunks: Buffer[] = [];
    for await (const chunk of document!.body as Readable) chunks.push(Buffer.from(chunk));
    sealed = Buffer.concat(chunks);
  });

  test("sets the signed date and status, keeps the document as sent, and records the event with the hashes", async () => {
    const [row] = await db().select().from(schema.contracts).where(eq(schema.contracts.id, w.contract.id));
    expect(row).toMatchObject({ status: "signed", documentKey: w.document.key });
    expect(row!.dateSigned).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const signed = (await listContractEvents(w.contract.id)).find((event) => event.type === "signed")!;
    expect(signed.details).toMatchObject({
      typedName: "Signer Fullname",
      consentSha256: sha256(SIGNING_CONSENT),
      documentSha256: sha256(w.document.bytes),
      sealedSha256: sha256(sealed),
    });
  });

  test("the signer and the staff member who sent it each get the sealed PDF by mail", async () => {
    for (const address of [w.contact.email, sender.email]) {
      const mails = mailsTo(address).filter((mail) => mail.subject === `Signed: ${w.contract.title}`);
      expect(mails, address).toHaveLength(1);
      const [file] = mails[0]!.attachments ?? [];
      expect(file).toMatchObject({ filename: `${w.contract.title} - signed.pdf`, contentType: "application/pdf" });
      expect(Buffer.from(file!.content, "base64").equals(sealed), address).toBe(true);
    }
  });

  test("staff's contracts list shows when it was viewed and signed", async () => {
    const events = await listContractEvents(w.contract.id);
    const at = (type: string) =>
      events
        .find((event) => event.type === type)!
        .at.toISOString()
        .replace(/\.\d+Z$/, "Z");
    const { rows } = await listContracts({ q: w.contract.title!, status: "", page: 1 });
    expect(rows.find((row) => row.id === w.contract.id)).toMatchObject({
      status: "signed",
      viewedAt: at("viewed"),
      signedAt: at("signed"),
      declinedAt: null,
    });
  });

  test("the sealed PDF verifies: one byte range over the whole file but the signature, and its digest", async () => {
    const check = checkPdfSignature(sealed);
    expect(check).toMatchObject({ coversWholeFile: true, digestMatches: true, signatureVerifies: true });
    // One changed byte inside the signed range breaks it.
    const tampered = Buffer.from(sealed);
    tampered[20] = tampered[20]! ^ 1;
    expect(checkPdfSignature(tampered).digestMatches).toBe(false);
  });

  test("the certificate is readable text with the signer, the identification, the times and the document's hash", async () => {
    const pages = await pdfPages(sealed);
    expect(pages[0]).toContain("Agreement number");
    let images = 0;
    for (let page = 2; page <= pages.length; page++) images += await pdfImageCount(sealed, page);
    expect(images).toBe(1); // the drawn signature
    const certificate = pages.slice(1).join("\n");
    expect(certificate).toContain("Completion certificate");
    expect(certificate).toContain(w.contact.email);
    expect(certificate).toContain("Signer Fullname");
    // How the signer was identified: the address the code was mailed to, and when.
    expect(certificate.replace(/\s+/g, " ")).toContain(
      `A one-time code emailed to ${w.contact.email} at 2026-03-01 09:15:00 UTC, entered to sign in to the client portal`,
    );
    expect(certificate.replace(/\s+/g, "")).toContain(sha256(w.document.bytes));
    for (const step of ["Sent for signature", "Viewed", "Signed"]) expect(certificate).toContain(step);
    expect(certificate).toContain("203.0.113.9");
    expect(certificate).toContain("ClientBrowser/2");
    expect(certificate).toContain("10.0.0.1");
    // The time of each step: sent, viewed, signed.
    const events = await listContractEvents(w.contract.id);
    for (const type of ["sent", "viewed", "signed"]) {
      const event = events.find((e) => e.type === type)!;
      expect(certificate, type).toContain(utcTime(event.at));
    }
    // The consent text's SHA-256, as recorded.
    expect(certificate.replace(/\s+/g, "")).toContain(sha256(SIGNING_CONSENT));
  });

  test("a signed contract's document can never be replaced or removed, nor can it be signed twice", async () => {
    const version = async () =>
      (
        await db().select().from(schema.contracts).where(eq(schema.contracts.id, w.contract.id))
      )[0]!.updatedAt.toISOString();
    const upload = await storeContractDocument({
      stream: Readable.from([minimalPdf(["Other"])]),
      fileName: "other.pdf",
      userId: null,
    });
    const values = {
      projectId: w.project.id,
      status: "signed" as const,
      dateSent: null,
      dateSigned: null,
      title: "Agreement",
      notes: null,
    };
    await expect(
      saveContract({
        id: w.contract.id,
        userId: "",
        values: { ...values, documentUploadId: upload.id, version: await version() },
      }),
    ).rejects.toThrow(SIGNED_DOCUMENT_FIXED);
    await expect(
      saveContract({
        id: w.contract.id,
        userId: "",
        values: { ...values, removeDocument: "on", version: await version() },
      }),
    ).rejects.toThrow(SIGNED_DOCUMENT_FIXED);
    await expect(signContract(w.contract.id, w.signer, { typedName: "Again" })).rejects.toThrow(
      SIGNING_REFUSALS.signed,
    );
  });
});

describe("staff's copy of the signed PDF when the sender is no longer staff", () => {
  // The rule staff notifications already follow (new inquiries): every active
  // administrator and staff member. A disabled or demoted sender gets nothing.
  test.each([
    ["disabled", { banned: true }],
    ["no longer staff", { role: "pending" as const }],
  ])("sender %s: every active staff member and administrator gets it, the sender does not", async (_, change) => {
    const w = await world();
    const sentBy = await createUser({ role: "staff" });
    const colleague = await createUser({ role: "staff" });
    const admin = await createUser({ role: "admin" });
    const away = await createUser({ role: "admin" });
    await db().update(schema.user).set({ banned: true }).where(eq(schema.user.id, away.id));
    await sendForSignature({
      contractId: w.contract.id,
      contactIds: [w.contact.contactId],
      expiresOn: null,
      actor: { ...STAFF, userId: sentBy.id, email: sentBy.email },
    });
    await db().update(schema.user).set(change).where(eq(schema.user.id, sentBy.id));
    await signContract(w.contract.id, w.signer, { typedName: "Signer" });
    const copies = (address: string) =>
      mailsTo(address).filter((mail) => mail.subject === `Signed: ${w.contract.title}`);
    for (const person of [colleague, admin]) {
      expect(copies(person.email), person.email).toHaveLength(1);
      expect(copies(person.email)[0]!.attachments?.[0]?.contentType).toBe("application/pdf");
    }
    expect(copies(sentBy.email)).toHaveLength(0);
    expect(copies(away.email)).toHaveLength(0);
    expect(copies(w.contact.email)).toHaveLength(1);
  });
});

describe("a signed contract's document, through the history", () => {
  test("a save from before the signing that replaced the document cannot be reverted", async () => {
    const w = await world();
    const ann = await createUser({ role: "staff", name: "Ann Lee" });
    const [before] = await db().select().from(schema.contracts).where(eq(schema.contracts.id, w.contract.id));
    // While a draft, staff replace its document: the save the history could put back.
    const upload = await storeContractDocument({
      stream: Readable.from([minimalPdf(["Agreement, second draft"])]),
      fileName: "second-draft.pdf",
      userId: null,
    });
    await withHistoryScope({ id: ann.id, name: ann.name }, () =>
      saveContract({
        id: w.contract.id,
        userId: ann.id,
        values: {
          projectId: w.project.id,
          status: "draft",
          dateSent: null,
          dateSigned: null,
          title: before!.title,
          notes: null,
          documentUploadId: upload.id,
          version: before!.updatedAt.toISOString(),
        },
      }),
    );
    await sendTo(w);
    await signContract(w.contract.id, w.signer, { typedName: "Signer" });
    const [signed] = await db().select().from(schema.contracts).where(eq(schema.contracts.id, w.contract.id));

    const { rows } = await db().execute<{ tx_id: string }>(
      sql`select tx_id::text from record_history where table_name = 'contracts' and row_id = ${w.contract.id}
          and after ? 'document_key' and operation = 'update'`,
    );
    expect(rows).toHaveLength(1);
    await expect(revertEntry(`tx:${rows[0]!.tx_id}:contract:${w.contract.id}`)).rejects.toThrow(SIGNED_DOCUMENT_FIXED);
    const [after] = await db().select().from(schema.contracts).where(eq(schema.contracts.id, w.contract.id));
    expect(after).toMatchObject({
      documentKey: signed!.documentKey,
      documentSha256: signed!.documentSha256,
      signedDocumentKey: signed!.signedDocumentKey,
    });
  });
});

describe("a failed seal", () => {
  test("leaves the contract sent, with no signed event and no sealed file", async () => {
    const w = await world();
    await sendTo(w);
    // The stored file no longer matches what was sent: nothing may be signed.
    const changed = await storedPdf(["Changed after sending"]);
    await db().update(schema.contracts).set({ documentKey: changed.key }).where(eq(schema.contracts.id, w.contract.id));
    await expect(signContract(w.contract.id, w.signer, { typedName: "Signer" })).rejects.toThrow(
      SIGNING_REFUSALS.changed,
    );
    expect(await status(w.contract.id)).toBe("sent");
    // A seal that fails on the way (the PDF itself cannot be read): rolled back, the sealed file never left behind.
    const broken = Buffer.from("%PDF-1.4 broken");
    const brokenKey = contractDocumentKey();
    await storage().put(brokenKey, broken, { contentType: "application/pdf" });
    await db()
      .update(schema.contracts)
      .set({ documentKey: brokenKey, documentSha256: sha256(broken) })
      .where(eq(schema.contracts.id, w.contract.id));
    const before = await storedKeys();
    await expect(signContract(w.contract.id, w.signer, { typedName: "Signer" })).rejects.toThrow();
    expect(await status(w.contract.id)).toBe("sent");
    expect((await listContractEvents(w.contract.id)).map((e) => e.type)).toEqual(["sent"]);
    expect(await storedKeys()).toEqual(before);
  });
});

async function storedKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of storage().list("private/")) keys.push(key);
  return keys.sort();
}

describe("what the signer sends", () => {
  test("the typed name is one line of printable text, and the drawing a PNG: anything else is refused and nothing is signed", async () => {
    const w = await world();
    await sendTo(w);
    // Lines the certificate would print as its own.
    for (const typedName of [
      "Signer\nIP address: 198.51.100.66",
      "Signer\r\nBrowser: Trusted",
      "Signer\u2028Signed",
      "Signer\u202eeman",
    ]) {
      expect(signFormSchema.safeParse({ intent: "sign", consent: "on", fullName: typedName }).success, typedName).toBe(
        false,
      );
      await expect(signContract(w.contract.id, w.signer, { typedName }), typedName).rejects.toThrow(
        SIGNING_MESSAGES.nameLine,
      );
    }
    // An SVG (or any other format sharp reads) labelled PNG.
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><text y="50">Approved</text></svg>',
    );
    const jpeg = await sharp({ create: { width: 30, height: 10, channels: 3, background: "#000" } })
      .jpeg()
      .toBuffer();
    for (const [what, bytes] of [
      ["svg", svg],
      ["jpeg", jpeg],
    ] as const) {
      await expect(
        signContract(w.contract.id, w.signer, {
          typedName: "Signer",
          signatureDataUrl: `data:image/png;base64,${bytes.toString("base64")}`,
        }),
        what,
      ).rejects.toThrow(SIGNING_MESSAGES.signature);
    }
    expect(await status(w.contract.id)).toBe("sent");
    // A name in any script, with its joiners, is one line.
    expect(
      signFormSchema.safeParse({ intent: "sign", consent: "on", fullName: "Zoë Ó Súilleabháin-Łukasz" }).success,
    ).toBe(true);
    expect(signFormSchema.safeParse({ intent: "sign", consent: "on", fullName: "می\u200cخواهم" }).success).toBe(true);
  });
});
