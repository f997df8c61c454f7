// The loaders of /admin/contracts/new and /admin/contracts/:id/edit, and the
// one action behind both.
import { parseWithZod } from "@conform-to/zod/v4";
import { requireStaff } from "~/.server/auth/access";
import { invariantResponse, uuidParam } from "~/.server/http/invariant";
import { redirectWithToast } from "~/.server/toast";
import { getContractForEdit, listProjectChoices, saveContract } from "~/domain/contracts/contracts.server";
import { contractFormSchema } from "~/domain/contracts/schema";
import { getContractSigning } from "~/domain/contracts/signing/views.server";
import { invalid, refused } from "~/routes/shared/answers.server";
import type { RouterContextProvider } from "react-router";
import { isSigningIntent, signingAction } from "./signing.server";

export async function loadNewContract(request: Request) {
  await requireStaff(request);
  const projects = await listProjectChoices();
  // "New Contract" from a project's page comes with that project chosen.
  const wanted = new URL(request.url).searchParams.get("projectId");
  const projectId = projects.some((project) => project.id === wanted) ? wanted : null;
  return { projects, projectId };
}

export async function loadContractToEdit(request: Request, rawId: string | undefined) {
  await requireStaff(request);
  const id = uuidParam(rawId, request);
  const [projects, contract, signing] = await Promise.all([
    listProjectChoices(),
    getContractForEdit(id),
    getContractSigning(id),
  ]);
  invariantResponse(contract && signing, request);
  return { contract, projects, signing };
}

export async function contractEditorAction(request: Request, context: Readonly<RouterContextProvider>, rawId?: string) {
  const user = await requireStaff(request);
  const id = rawId === undefined ? undefined : uuidParam(rawId, request);
  const formData = await request.formData();
  if (id && isSigningIntent(formData)) return signingAction(request, context, formData, id, user);
  const submission = parseWithZod(formData, { schema: contractFormSchema });
  if (submission.status !== "success") return invalid(submission);
  try {
    await saveContract({ id, values: submission.value, userId: user.id });
  } catch (error) {
    return refused(error, { title: "Error saving contract", submission });
  }
  return redirectWithToast("/admin/contracts", {
    type: "success",
    title: id ? "Contract updated" : "Contract created",
  });
}
