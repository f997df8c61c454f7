// The loaders of /admin/contacts/new and /admin/contacts/:id/edit, and the one
// action behind both.
import { parseWithZod } from "@conform-to/zod/v4";
import { requireStaff } from "~/.server/auth/access";
import { invariantResponse, uuidParam } from "~/.server/http/invariant";
import { redirectWithToast } from "~/.server/toast";
import { listClientNames } from "~/domain/clients/clients.server";
import { getContactForEdit, saveContact } from "~/domain/contacts/contacts.server";
import { contactFormSchema } from "~/domain/contacts/schema";
import { invalid, refused } from "~/routes/shared/answers.server";
import { isPortalIntent, portalAccessAction } from "./portal-access.server";

export async function loadNewContact(request: Request) {
  await requireStaff(request);
  const clients = await listClientNames();
  // "New contact" from a client's page may preselect that client.
  const clientId = new URL(request.url).searchParams.get("clientId");
  return {
    clients,
    preselectedClientId: clients.some((c) => c.id === clientId) ? clientId : null,
  };
}

export async function loadContactToEdit(request: Request, rawId: string | undefined) {
  await requireStaff(request);
  const id = uuidParam(rawId, request);
  const [clients, contact] = await Promise.all([listClientNames(), getContactForEdit(id)]);
  invariantResponse(contact, request);
  return { contact, clients };
}

export async function contactEditorAction(request: Request, rawId?: string) {
  const user = await requireStaff(request);
  const id = rawId === undefined ? undefined : uuidParam(rawId, request);
  const formData = await request.formData();
  if (id && isPortalIntent(formData)) return portalAccessAction(formData, id, user);
  const submission = parseWithZod(formData, { schema: contactFormSchema });
  if (submission.status !== "success") return invalid(submission);
  try {
    await saveContact({ id, values: submission.value });
  } catch (error) {
    return refused(error, { title: id ? "Error updating contact" : "Error creating contact", submission });
  }
  return redirectWithToast("/admin/contacts", {
    type: "success",
    title: id ? "Contact updated successfully" : "Contact created successfully",
  });
}
