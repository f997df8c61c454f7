// GET /admin/export-everything: one zip of every record as CSV plus the media
// (domain/export/everything.server.ts), streamed. Admins only. Each entity
// declares its file in its export.server.ts; they are listed here, in the
// archive's order, so the export folder imports no entity.
import { requireAdmin } from "~/.server/auth/access";
import { zipResponse } from "~/.server/http/zip-response";
import { CLIENTS_FILE } from "~/domain/clients/export.server";
import { CONTACTS_FILE } from "~/domain/contacts/export.server";
import { CONTRACTS_FILE } from "~/domain/contracts/export.server";
import { localToday } from "~/domain/contracts/rules";
import { everythingEntries } from "~/domain/export/everything.server";
import { INDUSTRY_TYPES_FILE } from "~/domain/industry-types/export.server";
import { INQUIRIES_FILE } from "~/domain/inquiries/export.server";
import { OPTIONS_FILE } from "~/domain/options/export.server";
import { PROJECTS_FILE } from "~/domain/projects/export.server";
import { proposalFiles } from "~/domain/proposals/export.server";
import type { Route } from "./+types/export-everything";

const files = () => [
  CLIENTS_FILE,
  CONTACTS_FILE,
  PROJECTS_FILE,
  CONTRACTS_FILE,
  ...proposalFiles(localToday()),
  INQUIRIES_FILE,
  INDUSTRY_TYPES_FILE,
  OPTIONS_FILE,
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return zipResponse("playfolio-export", everythingEntries(files()));
}
