// GET /admin/export-everything: one zip of every record as CSV plus the media
// (domain/export/everything.server.ts), streamed. Admins only.
import { requireAdmin } from "~/.server/auth/access";
import { zipResponse } from "~/.server/http/zip-response";
import { everythingEntries } from "~/domain/export/everything.server";
import type { Route } from "./+types/export-everything";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return zipResponse("playfolio-export", everythingEntries());
}
