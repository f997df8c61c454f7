// The loader and action behind /admin/settings/industry-types: the list with
// how many clients use each type, and the dialog's and rows' writes.
import { parseWithZod } from "@conform-to/zod/v4";
import { requireStaff } from "~/.server/auth/access";
import {
  createIndustryType,
  deleteIndustryType,
  industryTypeUsage,
  listIndustryTypes,
  updateIndustryType,
} from "~/domain/industry-types/industry-types.server";
import { industryTypeFormSchema } from "~/domain/industry-types/schema";
import { done, invalid, refused } from "~/routes/shared/answers.server";
import { rowHistory } from "~/routes/shared/row-history.server";

export async function loadIndustryTypes(request: Request) {
  await requireStaff(request);
  const [types, usage] = await Promise.all([listIndustryTypes(), industryTypeUsage()]);
  return {
    types: types.map(({ updatedAt, ...type }) => ({
      ...type,
      clientCount: usage.get(type.name) ?? 0,
      version: updatedAt.toISOString(),
    })),
    history: await rowHistory(request, "industry-type", types, (t) => t.name),
  };
}

export async function industryTypesAction(request: Request) {
  await requireStaff(request);
  const submission = parseWithZod(await request.formData(), { schema: industryTypeFormSchema });
  if (submission.status !== "success") {
    // The spec toasts a refused name ("Name is required").
    const nameError = submission.error?.name?.[0];
    return invalid(submission, { toast: nameError ? { type: "error", title: nameError } : null });
  }
  const value = submission.value;
  if (value.intent === "delete") {
    try {
      const { name } = await deleteIndustryType(value.id);
      return done({ title: "Industry type deleted", description: `"${name}" was deleted.` });
    } catch (error) {
      return refused(error, { title: "Error deleting industry type" });
    }
  }
  try {
    if (value.intent === "create") await createIndustryType(value);
    else await updateIndustryType(value.id, value.version, value);
  } catch (error) {
    return refused(error, { title: "Error", submission });
  }
  return done(
    { title: value.intent === "create" ? "Industry type created" : "Industry type updated" },
    { result: submission.reply({ resetForm: true }) },
  );
}
