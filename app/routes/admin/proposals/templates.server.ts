// The loader and actions of /admin/proposals/templates: the templates (how many
// sections and lines, when each changed); Save as template, posted from a
// proposal's page (its latest version under a name), and Delete.
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { requireStaff } from "~/.server/auth/access";
import { deleteTemplateSchema } from "~/domain/proposals/detail-forms";
import { saveAsTemplateSchema } from "~/domain/proposals/forms";
import { deleteTemplate, listTemplates, saveAsTemplate } from "~/domain/proposals/templates.server";
import { dateTime } from "~/lib/format";
import { done, invalid, refused } from "~/routes/shared/answers.server";

export async function loadTemplates(request: Request) {
  await requireStaff(request);
  const templates = await listTemplates();
  // Formatted here: the server's clock and zone, the same in the first render and after.
  return { templates: templates.map(({ updatedAt, ...template }) => ({ ...template, updated: dateTime(updatedAt) })) };
}

const actionSchema = z.discriminatedUnion("intent", [saveAsTemplateSchema, deleteTemplateSchema]);

export async function templatesAction(request: Request) {
  const user = await requireStaff(request);
  const submission = parseWithZod(await request.formData(), { schema: actionSchema });
  if (submission.status !== "success") {
    return invalid(submission, { intent: String(submission.payload.intent ?? "") });
  }
  const { value } = submission;
  if (value.intent === "delete") {
    try {
      const { name } = await deleteTemplate(value.id);
      return done({ type: "success", title: "Template deleted", description: `"${name}" was deleted.` });
    } catch (error) {
      return refused(error, { title: "Error deleting template", intent: value.intent });
    }
  }
  try {
    await saveAsTemplate({ versionId: value.versionId, name: value.name, userId: user.id });
  } catch (error) {
    return refused(error, { title: "Error saving template", submission, intent: value.intent });
  }
  return done(
    { type: "success", title: "Template saved", description: `New proposals can start from "${value.name}".` },
    { intent: value.intent },
  );
}
