// The browser half of `POST /api/contract-documents`, sent like every upload
// (with progress) by sendWithProgress. The size check here saves a doomed upload;
// the server checks the size and the bytes again.
import { sendWithProgress, UploadError } from "~/domain/media/upload-client";
import { DOCUMENT_MAX_BYTES, DOCUMENT_MESSAGES } from "./document";

export interface UploadedDocument {
  id: string;
  name: string;
  bytes: number;
}

export interface DocumentUploadResponse {
  document: UploadedDocument;
}

export const DOCUMENT_UPLOAD_URL = "/api/contract-documents";

const STATUS_MESSAGES: Record<number, string> = {
  401: "Your session has ended. Sign in again, then retry the upload.",
  403: "You do not have permission to upload this file.",
  413: DOCUMENT_MESSAGES.tooLarge,
  415: DOCUMENT_MESSAGES.notPdf,
};

/** Why this file should not be sent, or null when it may go. */
export function checkDocumentBeforeUpload(file: Pick<File, "size">): string | null {
  if (file.size === 0) return DOCUMENT_MESSAGES.empty;
  if (file.size > DOCUMENT_MAX_BYTES) return DOCUMENT_MESSAGES.tooLarge;
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** The server's answer as the uploaded document or an UploadError. Pure, so it is tested in Node. */
export function readDocumentUploadResponse(status: number, body: string): UploadedDocument | UploadError {
  let json: unknown = null;
  try {
    json = JSON.parse(body);
  } catch {
    // Not JSON: the status decides the message.
  }
  if (status >= 200 && status < 300) {
    const document = isRecord(json) ? json.document : null;
    if (isRecord(document) && typeof document.id === "string" && typeof document.name === "string") {
      return { id: document.id, name: document.name, bytes: Number(document.bytes) };
    }
    return new UploadError(status, "The server's answer was not understood. Reload the page and check the upload.");
  }
  const message = isRecord(json) && typeof json.error === "string" && json.error.trim() ? json.error : null;
  return new UploadError(
    status,
    message ?? STATUS_MESSAGES[status] ?? `The upload failed (error ${status}). Please try again.`,
  );
}

/** Sends one PDF; rejects with UploadError (message fit to show) or UploadAbortedError. */
export function uploadDocument(
  file: File,
  options: { onProgress?(fraction: number): void; signal?: AbortSignal } = {},
): Promise<UploadedDocument> {
  const problem = checkDocumentBeforeUpload(file);
  if (problem) return Promise.reject(new UploadError(0, problem));
  const body = new FormData();
  body.append("file", file);
  return sendWithProgress(DOCUMENT_UPLOAD_URL, body, readDocumentUploadResponse, options);
}
