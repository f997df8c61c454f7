// The loaders of /admin/clients/new and /admin/clients/:id/edit, and the one
// action behind both.
import { parseWithZod } from "@conform-to/zod/v4";
import { requireStaff } from "~/.server/auth/access";
import { invariantResponse, uuidParam } from "~/.server/http/invariant";
import { redirectWithToast } from "~/.server/toast";
import { getClientForEdit, saveClient } from "~/domain/clients/clients.server";
import { clientFormSchema } from "~/domain/clients/schema";
import { listContactChoices } from "~/domain/contacts/contacts.server";
import { listIndustryTypeNames } from "~/domain/industry-types/industry-types.server";
import { invalid, refused } from "~/routes/shared/answers.server";

async function formChoices() {
  const [industryTypes, contacts] = await Promise.all([listIndustryTypeNames(), listContactChoices()]);
  return { industryTypes, contacts };
}

export async function loadNewClient(request: Request) {
  await requireStaff(request);
  return formChoices();
}

export async function loadClientToEdit(request: Request, rawId: string | undefined) {
  await requireStaff(request);
  const id = uuidParam(rawId, request);
  const [client, choices] = await Promise.all([getClientForEdit(id), formChoices()]);
  invariantResponse(client, request);
  return { client, ...choices };
}

export async function clientEditorAction(request: Request, rawId?: string) {
  const user = await requireStaff(request);
  const id = rawId === undefined ? undefined : uuidParam(rawId, request);
  const submission = parseWithZod(await request.formData(), { schema: clientFormSchema });
  if (submission.status !== "success") return invalid(submission);
  try {
    await saveClient({ id, values: submission.value, userId: user.id });
  } catch (error) {
    return refused(error, { title: id ? "Error updating client" : "Error creating client", submission });
  }
  return redirectWithToast("/admin/clients", {
    type: "success",
    title: id ? "Client updated successfully" : "Client created successfully",
  });
}
