// GET /portal/contracts/:id/document: the contract's PDF for its client — the
// sealed copy once signed, else the document as sent — shown inline so the
// contract page can frame it (same origin only), never cached.
import { Readable } from "node:stream";
import { notFoundText } from "~/.server/http/invariant";
import { openPortalDocument } from "~/domain/contracts/signing/views.server";
import { isUuid } from "~/lib/uuid";
import type { Route } from "./+types/contract-document";
import { requirePortalClient } from "./access.server";
import { pdfAnswer } from "./pdf-answer";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { contact } = await requirePortalClient(request);
  // A malformed id names nothing: the same words as an unknown one, before any SQL.
  const document = isUuid(params.id) ? await openPortalDocument(contact.clientId, params.id) : null;
  if (!document) {
    return notFoundText(request, "This contract has no document to show.");
  }
  return pdfAnswer(Readable.toWeb(document.body) as ReadableStream<Uint8Array>, document.size, document.name);
}
