// The one loader and action behind /admin/contracts/new and /admin/contracts/:id/edit.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { requireStaff } from "~/.server/auth/access";
import { refusedSave } from "~/.server/http/form-errors";
import { uuidParam } from "~/.server/http/params";
import { redirectWithToast } from "~/.server/toast";
import { getContractForEdit, listProjectChoices, saveContract } from "./contracts.server";
import { contractFormSchema } from "./schema";

export async function loadContractEditor(request: Request, id?: string) {
  await requireStaff(request);
  if (id !== undefined) uuidParam(id, "contract");
  const [projects, contract] = await Promise.all([listProjectChoices(), id ? getContractForEdit(id) : null]);
  if (id && !contract) {
    throw data({ message: "This contract does not exist (it may have been deleted)." }, { status: 404 });
  }
  // "New Contract" from a project's page comes with that project chosen.
  const wanted = new URL(request.url).searchParams.get("projectId");
  const projectId = projects.some((project) => project.id === wanted) ? wanted : null;
  return { contract, projects, projectId };
}

export async function contractEditorAction(request: Request, id?: string) {
  const user = await requireStaff(request);
  if (id !== undefined) uuidParam(id, "contract");
  const submission = parseWithZod(await request.formData(), { schema: contractFormSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), version: undefined }, { status: 400 });
  }
  try {
    await saveContract({ id, values: submission.value, userId: user.id });
  } catch (error) {
    const refused = await refusedSave(submission, error, "Error saving contract");
    if (refused) return refused;
    throw error;
  }
  return redirectWithToast("/admin/contracts", {
    type: "success",
    title: id ? "Contract updated" : "Contract created",
  });
}
