import { listContacts } from "~/domain/contacts/contacts.server";
import { loadListPage } from "~/routes/shared/list-page.server";
import { z } from "zod";

const contactListQuerySchema = z.object({
  q: z
    .string()
    .catch("")
    .transform((q) => q.trim().slice(0, 200)),
});

/** The contacts list with its search. */
export function loadContactList(request: Request) {
  return loadListPage(request, contactListQuerySchema, listContacts);
}
