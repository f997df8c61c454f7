// POST /api/contract-documents: one signed contract PDF per request, as
// multipart/form-data with the file in the field `file`. The body is parsed
// while it streams (busboy): an anonymous request is answered before the file
// is read, a file over 20MB stops being read at the limit, and one that does
// not start like a PDF stops at its first bytes.
//   201 { document: { id, name, bytes } }   claim `id` as documentUploadId when saving the contract
//   400 | 401 | 403 | 413 | 415 { error }   a message fit to show as is
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { getSession, requireStaffForApi } from "~/.server/auth/access";
import { logger } from "~/.server/logger";
import { DocumentRejectedError, storeContractDocument } from "~/domain/contracts/documents.server";
import type { DocumentUploadResponse } from "~/domain/contracts/document-upload-client";
import type { Route } from "./+types/contract-documents";

class BadUpload extends Error {}

export async function action({ request }: Route.ActionArgs) {
  try {
    const user = await requireStaffForApi(request);
    const response = await receiveFile(request, async (file, fileName) => {
      const { id, name, bytes } = await storeContractDocument({ stream: file, fileName, userId: user.id });
      const body: DocumentUploadResponse = { document: { id, name, bytes } };
      return Response.json(body, { status: 201 });
    });
    for (const cookie of (await getSession(request)).setCookies) response.headers.append("Set-Cookie", cookie);
    return response;
  } catch (error) {
    const response = errorResponse(error);
    // The rest of the body may be unread: close the connection rather than read it all to reuse it.
    response.headers.set("Connection", "close");
    return response;
  }
}

function errorResponse(error: unknown): Response {
  if (error instanceof Response) return error;
  if (error instanceof DocumentRejectedError) return Response.json({ error: error.message }, { status: error.status });
  if (error instanceof BadUpload) return Response.json({ error: error.message }, { status: 400 });
  logger().error({ err: error }, "contract document upload failed");
  return Response.json({ error: "The upload failed on our side. Please try again." }, { status: 500 });
}

/** Streams the multipart body and hands the `file` part to `handle` as it arrives. */
function receiveFile(
  request: Request,
  handle: (file: Readable, fileName: string | null) => Promise<Response>,
): Promise<Response> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!request.body || !/^multipart\/form-data/i.test(contentType)) {
    return Promise.reject(new BadUpload("Send the document as multipart/form-data."));
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      // File names in UTF-8, as browsers send them.
      defParamCharset: "utf8",
      limits: { fields: 5, fieldSize: 200, files: 1, parts: 6 },
    });
  } catch {
    return Promise.reject(new BadUpload("Send the document as multipart/form-data."));
  }
  const source = Readable.fromWeb(request.body as unknown as NodeReadableStream<Uint8Array>);

  return new Promise<Response>((resolve, reject) => {
    let handling = false;
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      // Stop reading the request; the answer goes out without waiting for the rest of the file.
      source.unpipe(parser);
      source.pause();
      reject(error);
    };

    parser.on("file", (name, file, info) => {
      let broken = false;
      file.on("error", () => {
        broken = true;
      });
      if (name !== "file") {
        file.resume();
        fail(new BadUpload("Send the document in the field named file."));
        return;
      }
      handling = true;
      // Browsers send a quote in a file name as %22 (and CR, LF as %0D, %0A).
      const fileName = info.filename?.replace(/%22|%0D|%0A/gi, "") ?? null;
      handle(file, fileName).then(
        (value) => {
          settled = true;
          resolve(value);
        },
        (error: unknown) => fail(broken ? new BadUpload("The upload was interrupted. Try again.") : error),
      );
    });
    parser.on("close", () => {
      if (!handling) fail(new BadUpload("No file was sent: add the PDF in the field named file."));
    });
    parser.on("error", () => fail(new BadUpload("The upload could not be read. Try again.")));
    source.on("error", () => fail(new BadUpload("The upload was interrupted. Try again.")));
    source.pipe(parser);
  });
}
