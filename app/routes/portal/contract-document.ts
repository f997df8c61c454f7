// GET /portal/contracts/:id/document: the contract's PDF for its client — the
// sealed copy once signed, else the document as sent — shown inline so the
// contract page can frame it (same origin only), never cached.
import { Readable } from "node:stream";
import { notFoundText } from "~/.server/http/invariant";
import { openPortalDocument } from "~/domain/contracts/signing/views.server";
import { isUuid } from "~/lib/uuid";
import type { Route } from "./+types/contract-document";
import { requirePortalClient } from "./access.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { contact } = await requirePortalClient(request);
  // A malformed id names nothing: the same words as an unknown one, before any SQL.
  const document = isUuid(params.id) ? await openPortalDocument(contact.clientId, params.id) : null;
  if (!document) {
    return notFoundText(request, "This contract has no document to show.");
  }
  const ascii = document.name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return new Response(Readable.toWeb(document.body) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(document.size),
      "Content-Disposition": `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(document.name)}`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
      // The browser's PDF viewer may run in a frame of the contract page; nothing else may load it.
      "Content-Security-Policy": "default-src 'none'; frame-ancestors 'self'",
    },
  });
}
