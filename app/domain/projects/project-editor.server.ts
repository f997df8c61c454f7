// The one loader and action behind /admin/projects/new and
// /admin/projects/:id/edit. The form posts without an intent; the edit page's
// one-click actions (options, delete, duplicate) post one.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { requireStaff } from "~/.server/auth/access";
import { refusedAction, refusedSave } from "~/.server/http/form-errors";
import { publicOrigin } from "~/.server/http/origin";
import { uuidParam } from "~/.server/http/params";
import { redirectWithToast, toastHeaders } from "~/.server/toast";
import { listClientNames } from "~/domain/clients/clients.server";
import { listProjectContracts } from "~/domain/contracts/contracts.server";
import { loadProjectMedia } from "~/domain/project-media/project-media.server";
import { deleteProject, duplicateProject } from "./project-lifecycle.server";
import { addProjectOption, listOptionChoices, removeProjectOption } from "./project-options.server";
import { getProjectForEdit, saveProject } from "./projects.server";
import { PROJECT_INTENTS, projectFormSchema, projectIntentSchema } from "./schema";

const missing = () => data({ message: "This project does not exist (it may have been deleted)." }, { status: 404 });

export async function loadProjectEditor(request: Request, id?: string) {
  await requireStaff(request);
  if (id !== undefined) uuidParam(id, "project");
  const [clients, project, options, media, contracts] = await Promise.all([
    listClientNames(),
    id ? getProjectForEdit(id) : null,
    id ? listOptionChoices() : [],
    id ? loadProjectMedia(id) : null,
    id ? listProjectContracts(id) : [],
  ]);
  if (id && !project) throw missing();
  return { project, clients, options, media, contracts, embedOrigin: publicOrigin(request) };
}

export async function projectEditorAction(request: Request, id?: string) {
  const user = await requireStaff(request);
  if (id !== undefined) uuidParam(id, "project");
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (typeof intent === "string" && PROJECT_INTENTS.includes(intent)) {
    if (!id) return data({ ok: false as const, message: "Save the project first." }, { status: 400 });
    return intentAction(formData, id, user.id);
  }

  const submission = parseWithZod(formData, { schema: projectFormSchema });
  if (submission.status !== "success") {
    return data({ ok: false as const, result: submission.reply(), version: undefined }, { status: 400 });
  }
  try {
    await saveProject({ id, values: submission.value, userId: user.id });
  } catch (error) {
    const refused = await refusedSave(submission, error, id ? "Error updating project" : "Error creating project");
    if (refused) return refused;
    throw error;
  }
  return redirectWithToast("/admin/projects", {
    type: "success",
    title: id ? "Project updated successfully" : "Project created successfully",
  });
}

async function intentAction(formData: FormData, id: string, userId: string) {
  const parsed = projectIntentSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return data({ ok: false as const, message: "Bad request" }, { status: 400 });
  const action = parsed.data;
  const failed = {
    "add-option": "Failed to add option",
    "remove-option": "Failed to remove option",
    delete: "Error deleting project",
    duplicate: "Error duplicating project",
  }[action.intent];
  try {
    switch (action.intent) {
      case "add-option": {
        const { name } = await addProjectOption(id, action.optionId);
        const headers = await toastHeaders({ title: "Option added", description: `"${name}" was added.` });
        return data({ ok: true as const, message: undefined }, { headers });
      }
      case "remove-option": {
        const { name } = await removeProjectOption(id, action.optionId);
        const headers = await toastHeaders({ title: "Option removed", description: `"${name}" was removed.` });
        return data({ ok: true as const, message: undefined }, { headers });
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
    const refused = await refusedAction(error, failed);
    if (refused) return refused;
    throw error;
  }
}
