// The loaders of /admin/projects/new and /admin/projects/:id/edit, and the one
// action behind both. The form posts without an intent; the edit page's
// one-click actions (options, delete, duplicate) post one.
import { parseWithZod } from "@conform-to/zod/v4";
import { requireStaff } from "~/.server/auth/access";
import { invariantResponse, uuidParam } from "~/.server/http/invariant";
import { publicOrigin } from "~/.server/http/origin";
import { redirectWithToast } from "~/.server/toast";
import { listClientNames } from "~/domain/clients/clients.server";
import { listProjectContracts } from "~/domain/contracts/contracts.server";
import { loadProjectMedia } from "~/domain/project-media/project-media.server";
import { deleteProject, duplicateProject } from "~/domain/projects/project-lifecycle.server";
import { addProjectOption, listOptionChoices, removeProjectOption } from "~/domain/projects/project-options.server";
import { getProjectForEdit, saveProject } from "~/domain/projects/projects.server";
import { type ProjectIntent, projectFormSchema, projectIntentSchema } from "~/domain/projects/schema";
import { done, invalid, refused } from "~/routes/shared/answers.server";

export async function loadNewProject(request: Request) {
  await requireStaff(request);
  return { clients: await listClientNames(), embedOrigin: publicOrigin(request) };
}

export async function loadProjectToEdit(request: Request, rawId: string | undefined) {
  await requireStaff(request);
  const id = uuidParam(rawId, request);
  const [project, clients, options, media, contracts] = await Promise.all([
    getProjectForEdit(id),
    listClientNames(),
    listOptionChoices(),
    loadProjectMedia(id),
    listProjectContracts(id),
  ]);
  invariantResponse(project, request);
  return { project, clients, options, media, contracts, embedOrigin: publicOrigin(request) };
}

export async function projectEditorAction(request: Request, rawId?: string) {
  const user = await requireStaff(request);
  const id = rawId === undefined ? undefined : uuidParam(rawId, request);
  const formData = await request.formData();
  if (formData.has("intent")) {
    if (!id) return invalid(null, { message: "Save the project first." });
    return oneClickAction(formData, id, user.id);
  }

  const submission = parseWithZod(formData, { schema: projectFormSchema });
  if (submission.status !== "success") return invalid(submission);
  try {
    await saveProject({ id, values: submission.value, userId: user.id });
  } catch (error) {
    return refused(error, { title: id ? "Error updating project" : "Error creating project", submission });
  }
  return redirectWithToast("/admin/projects", {
    type: "success",
    title: id ? "Project updated successfully" : "Project created successfully",
  });
}

const FAILED: Record<ProjectIntent, string> = {
  "add-option": "Failed to add option",
  "remove-option": "Failed to remove option",
  delete: "Error deleting project",
  duplicate: "Error duplicating project",
};

async function oneClickAction(formData: FormData, id: string, userId: string) {
  const parsed = projectIntentSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return invalid(null, { message: "Bad request" });
  const action = parsed.data;
  try {
    switch (action.intent) {
      case "add-option": {
        const { name } = await addProjectOption(id, action.optionId);
        return done({ title: "Option added", description: `"${name}" was added.` }, { intent: action.intent });
      }
      case "remove-option": {
        const { name } = await removeProjectOption(id, action.optionId);
        return done({ title: "Option removed", description: `"${name}" was removed.` }, { intent: action.intent });
      }
      case "delete": {
        const { name } = await deleteProject(id);
        return redirectWithToast("/admin/projects", {
          title: "Project deleted",
          description: `"${name}" was deleted.`,
        });
      }
      case "duplicate": {
        const copy = await duplicateProject(id, userId);
        return redirectWithToast(`/admin/projects/${copy.id}/edit`, {
          title: "Project duplicated",
          description: `"${copy.title}" is a new draft with the same details and options. Add its images and videos here.`,
        });
      }
    }
  } catch (error) {
    return refused(error, { title: FAILED[action.intent], intent: action.intent });
  }
}
