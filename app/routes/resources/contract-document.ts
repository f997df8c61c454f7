// GET /admin/contracts/:id/document: a contract's signed PDF, for staff only
// (the admin middleware turns anyone else away before this runs). Always a
// download, never shown inline, never cached.
import { Readable } from "node:stream";
import { requireStaff } from "~/.server/auth/access";
import { notFoundText, uuidParam } from "~/.server/http/invariant";
import { openContractDocument } from "~/domain/contracts/documents.server";
import type { Route } from "./+types/contract-document";

/** `attachment` with an ASCII fallback name and the exact name in UTF-8 (RFC 6266). */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  const id = uuidParam(params.id, request);
  const document = await openContractDocument(id);
  if (!document) {
    return notFoundText(request, "This contract has no document.");
  }
  return new Response(Readable.toWeb(document.body) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(document.size),
      "Content-Disposition": contentDisposition(document.name),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
