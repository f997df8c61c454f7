// POST /api/contract-documents: one signed contract PDF per request, as
// multipart/form-data with the file in the field `file`. The body is parsed
// while it streams (busboy): an anonymous request is answered before the file
// is read, a file over 20MB stops being read at the limit, and one that does
// not start like a PDF stops at its first bytes.
//   201 { document: { id, name, bytes } }   claim `id` as documentUploadId when saving the contract
//   400 | 401 | 403 | 413 | 415 { error }   a message fit to show as is
import { getSession, requireStaffForApi } from "~/.server/auth/access";
import { MultipartError, receiveFile } from "~/.server/http/multipart";
import { logger } from "~/.server/logger";
import { DocumentRejectedError, storeContractDocument } from "~/domain/contracts/documents.server";
import type { DocumentUploadResponse } from "~/domain/contracts/document-upload-client";
import type { Route } from "./+types/contract-documents";

export async function action({ request }: Route.ActionArgs) {
  try {
    const user = await requireStaffForApi(request);
    const response = await receiveFile(
      request,
      async ({ file, fileName }) => {
        const { id, name, bytes } = await storeContractDocument({ stream: file, fileName, userId: user.id });
        const body: DocumentUploadResponse = { document: { id, name, bytes } };
        return Response.json(body, { status: 201 });
      },
      { noun: "PDF", maxFields: 5 },
    );
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
  if (error instanceof DocumentRejectedError || error instanceof MultipartError) {
    return Response.json({ error: error.message }, { status: error.status });
  }
  logger().error({ err: error }, "contract document upload failed");
  return Response.json({ error: "The upload failed on our side. Please try again." }, { status: 500 });
}
