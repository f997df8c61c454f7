// Contract documents on the server. An uploaded PDF is read while it streams
// (the size counted, the first bytes checked), stored under private/ and kept
// as a pending row until the contract form claims it; the file of a replaced,
// removed or deleted document goes only after the commit that dropped it.
import type { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { db, schema, type Db } from "~/.server/db";
import { deleteKeysQuietly } from "~/.server/images/delete";
import { storage } from "~/.server/storage";
import { keptForRestore } from "~/domain/media/retained.server";
import { contractDocumentKey, FILE_COLUMN_NAMES } from "~/domain/media/stored-files.server";
import { InvalidInputError } from "../errors";
import { DOCUMENT_MAX_BYTES, DOCUMENT_MESSAGES, PDF_MAGIC, safeDocumentName } from "./document";
import { isUuid } from "~/lib/uuid";

const { contractUploads, contracts } = schema;

/** A document refused for what it is (its size or its bytes); `status` is the HTTP answer. */
export class DocumentRejectedError extends Error {
  override name = "DocumentRejectedError";
  constructor(
    message: string,
    readonly status: 400 | 413 | 415,
  ) {
    super(message);
  }
}

/**
 * Reads a PDF into memory. Reading stops as soon as the limit is passed or the
 * first bytes are not a PDF's, so nothing past the limit is ever held.
 */
export async function readPdf(stream: Readable, maxBytes = DOCUMENT_MAX_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  let checked = false;
  // Leaving the loop early (a throw) destroys the stream: its source is read no further.
  for await (const chunk of stream as AsyncIterable<Buffer | Uint8Array>) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (total + bytes.length > maxBytes) throw new DocumentRejectedError(DOCUMENT_MESSAGES.tooLarge, 413);
    chunks.push(bytes);
    total += bytes.length;
    if (!checked && total >= PDF_MAGIC.length) {
      if (!isPdfStart(Buffer.concat(chunks))) throw new DocumentRejectedError(DOCUMENT_MESSAGES.notPdf, 415);
      checked = true;
    }
  }
  if (total === 0) throw new DocumentRejectedError(DOCUMENT_MESSAGES.empty, 400);
  if (!checked) throw new DocumentRejectedError(DOCUMENT_MESSAGES.notPdf, 415);
  return Buffer.concat(chunks, total);
}

function isPdfStart(head: Buffer): boolean {
  return head.subarray(0, PDF_MAGIC.length).toString("latin1") === PDF_MAGIC;
}

export interface PendingDocument {
  id: string;
  name: string;
  bytes: number;
}

/** Stores a PDF and its pending row; throws DocumentRejectedError for a file that is not one. */
export async function storeContractDocument(input: {
  stream: Readable;
  fileName: string | null;
  userId: string | null;
}): Promise<PendingDocument> {
  const bytes = await readPdf(input.stream);
  const key = contractDocumentKey();
  const name = safeDocumentName(input.fileName);
  await storage().put(key, bytes, { contentType: "application/pdf" });
  try {
    const [row] = await db()
      .insert(contractUploads)
      .values({ storageKey: key, fileName: name, bytes: bytes.length, uploadedBy: input.userId })
      .returning({ id: contractUploads.id });
    return { id: row!.id, name, bytes: bytes.length };
  } catch (error) {
    await discardContractDocument(key);
    throw error;
  }
}

export interface ClaimedDocument {
  documentKey: string;
  documentName: string;
  documentBytes: number;
}

/**
 * Takes a pending document for the contract being saved: deletes its row in
 * the caller's transaction and returns the columns the contract stores. If the
 * transaction rolls back, the document is pending again.
 */
export async function claimContractDocument(tx: Pick<Db, "delete">, uploadId: string): Promise<ClaimedDocument> {
  const [claimed] = isUuid(uploadId)
    ? await tx.delete(contractUploads).where(eq(contractUploads.id, uploadId)).returning({
        documentKey: contractUploads.storageKey,
        documentName: contractUploads.fileName,
        documentBytes: contractUploads.bytes,
      })
    : [];
  if (!claimed) {
    throw new InvalidInputError("This document upload has expired or was already used. Upload the file again.");
  }
  return claimed;
}

/**
 * Removes a document's file. Call it after the transaction that dropped the
 * reference has committed; a failure is logged, not thrown (the change is
 * saved, and media:gc removes what is left).
 */
export async function discardContractDocument(key: string): Promise<void> {
  // Kept while the history can still put the contract or its document back (media:gc removes it after).
  if (await keptForRestore(key, FILE_COLUMN_NAMES)) return;
  await deleteKeysQuietly(storage(), [key]);
}

/**
 * A contract's stored document, opened for download; null when it has none
 * (or the file is gone). Once signed in the portal, the sealed copy (the
 * document as sent with its completion certificate).
 */
export async function openContractDocument(contractId: string) {
  const [row] = await db()
    .select({ key: contracts.documentKey, signedKey: contracts.signedDocumentKey, name: contracts.documentName })
    .from(contracts)
    .where(eq(contracts.id, contractId));
  const key = row?.signedKey ?? row?.key;
  if (!row || !key) return null;
  const object = await storage().get(key);
  if (!object) return null;
  const name = safeDocumentName(row.name);
  return { name: row.signedKey ? name.replace(/\.pdf$/, " - signed.pdf") : name, body: object.body, size: object.size };
}
