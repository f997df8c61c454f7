import { listClients } from "~/domain/clients/clients.server";
import { clientListQuerySchema } from "~/domain/clients/schema";
import { listIndustryTypeNames } from "~/domain/industry-types/industry-types.server";
import { loadListPage } from "~/routes/shared/list-page.server";

/** The clients list with its search and industry filter, and the industry types to filter by. */
export async function loadClientList(request: Request) {
  const [page, industryTypes] = await Promise.all([
    loadListPage(request, clientListQuerySchema, listClients),
    listIndustryTypeNames(),
  ]);
  return { ...page, industryTypes };
}
