// The loader and action behind /admin/options: the catalogue, and the
// dialog's and the rows' writes (create, update, delete), each with its toast.
import { parseWithZod } from "@conform-to/zod/v4";
import { requireStaff } from "~/.server/auth/access";
import { createOption, deleteOption, listOptions, updateOption } from "~/domain/options/options.server";
import { optionFormSchema } from "~/domain/options/schema";
import { done, invalid, refused } from "~/routes/shared/answers.server";
import { rowHistory } from "~/routes/shared/row-history.server";

export async function loadOptions(request: Request) {
  await requireStaff(request);
  const options = await listOptions();
  return { options, history: await rowHistory(request, "option", options, (o) => o.optionName) };
}

export async function optionsAction(request: Request) {
  const user = await requireStaff(request);
  const submission = parseWithZod(await request.formData(), { schema: optionFormSchema });
  if (submission.status !== "success") return invalid(submission);
  const value = submission.value;
  if (value.intent === "delete") {
    try {
      const { name } = await deleteOption(value.id);
      return done({ title: "Option deleted", description: `"${name}" was deleted.` });
    } catch (error) {
      return refused(error, { title: "Error deleting option" });
    }
  }
  try {
    if (value.intent === "create") await createOption(value, user.id);
    else await updateOption(value.id, value.version, value);
  } catch (error) {
    return refused(error, { title: "Error saving option", submission });
  }
  return done(
    { title: value.intent === "create" ? "Option created" : "Option updated" },
    { result: submission.reply({ resetForm: true }) },
  );
}
