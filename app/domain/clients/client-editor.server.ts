// The one loader and action behind /admin/clients/new and /admin/clients/:id/edit.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { requireStaff } from "~/.server/auth/access";
import { refusedSave } from "~/.server/http/form-errors";
import { uuidParam } from "~/.server/http/params";
import { redirectWithToast } from "~/.server/toast";
import { listContactChoices } from "~/domain/contacts/contacts.server";
import { listIndustryTypeNames } from "~/domain/industry-types/industry-types.server";
import { getClientForEdit, saveClient } from "./clients.server";
import { clientFormSchema } from "./schema";

export async function loadClientEditor(request: Request, id?: string) {
  await requireStaff(request);
  if (id !== undefined) uuidParam(id, "client");
  const [industryTypes, contacts, client] = await Promise.all([
    listIndustryTypeNames(),
    listContactChoices(),
    id ? getClientForEdit(id) : null,
  ]);
  if (id && !client) throw data({ message: "This client does not exist (it may have been deleted)." }, { status: 404 });
  return { client, industryTypes, contacts };
}

export async function clientEditorAction(request: Request, id?: string) {
  const user = await requireStaff(request);
  if (id !== undefined) uuidParam(id, "client");
  const submission = parseWithZod(await request.formData(), { schema: clientFormSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), version: undefined }, { status: 400 });
  }
  try {
    await saveClient({ id, values: submission.value, userId: user.id });
  } catch (error) {
    const refused = await refusedSave(submission, error, id ? "Error updating client" : "Error creating client");
    if (refused) return refused;
    throw error;
  }
  return redirectWithToast("/admin/clients", {
    type: "success",
    title: id ? "Client updated successfully" : "Client created successfully",
  });
}
