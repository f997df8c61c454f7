// The one loader and action behind /admin/contacts/new and /admin/contacts/:id/edit.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { requireStaff } from "~/.server/auth/access";
import { refusedSave } from "~/.server/http/form-errors";
import { uuidParam } from "~/.server/http/params";
import { redirectWithToast } from "~/.server/toast";
import { listClientNames } from "~/domain/clients/clients.server";
import { getContactForEdit, saveContact } from "./contacts.server";
import { contactFormSchema } from "./schema";

export async function loadContactEditor(request: Request, id?: string) {
  await requireStaff(request);
  if (id !== undefined) uuidParam(id, "contact");
  const [clients, contact] = await Promise.all([listClientNames(), id ? getContactForEdit(id) : null]);
  if (id && !contact)
    throw data({ message: "This contact does not exist (it may have been deleted)." }, { status: 404 });
  // "New contact" from a client's page may preselect that client.
  const clientId = new URL(request.url).searchParams.get("clientId");
  return { contact, clients, preselectedClientId: clients.some((c) => c.id === clientId) ? clientId : null };
}

export async function contactEditorAction(request: Request, id?: string) {
  await requireStaff(request);
  if (id !== undefined) uuidParam(id, "contact");
  const submission = parseWithZod(await request.formData(), { schema: contactFormSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), version: undefined }, { status: 400 });
  }
  try {
    await saveContact({ id, values: submission.value });
  } catch (error) {
    const refused = await refusedSave(submission, error, id ? "Error updating contact" : "Error creating contact");
    if (refused) return refused;
    throw error;
  }
  return redirectWithToast("/admin/contacts", {
    type: "success",
    title: id ? "Contact updated successfully" : "Contact created successfully",
  });
}
