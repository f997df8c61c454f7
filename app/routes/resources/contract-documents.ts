// POST /api/contract-documents: one signed contract PDF per request, as
// multipart/form-data with the file in the field `file`. An anonymous request
// is answered before the body is read, a file over 20MB is read no further
// than the limit.
//   201 { document: { id, name, bytes } }   claim `id` as documentUploadId when saving the contract
//   400 | 401 | 403 | 413 | 415 { error }   a message fit to show as is
import { uploadEndpoint, uploadEndpointLoader } from "~/.server/http/upload-endpoint";
import { DOCUMENT_MAX_BYTES, DOCUMENT_MESSAGES } from "~/domain/contracts/document";
import { DocumentRejectedError, storeContractDocument } from "~/domain/contracts/documents.server";
import type { DocumentUploadResponse } from "~/domain/contracts/document-upload-client";
import type { Route } from "./+types/contract-documents";

export function loader({ request }: Route.LoaderArgs) {
  return uploadEndpointLoader(request);
}

export function action({ request }: Route.ActionArgs) {
  return uploadEndpoint(
    request,
    {
      noun: "PDF",
      maxFields: 5,
      maxBytes: DOCUMENT_MAX_BYTES,
      tooLarge: DOCUMENT_MESSAGES.tooLarge,
      shown: [DocumentRejectedError],
      logMessage: "contract document upload failed",
    },
    async (user, { file, fileName }) => {
      const { id, name, bytes } = await storeContractDocument({ stream: file, fileName, userId: user.id });
      const body: DocumentUploadResponse = { document: { id, name, bytes } };
      return Response.json(body, { status: 201 });
    },
  );
}
