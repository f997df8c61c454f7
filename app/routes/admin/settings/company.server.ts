// The loader and action behind /admin/settings/company (administrators only).
import { parseWithZod } from "@conform-to/zod/v4";
import { requireAdmin } from "~/.server/auth/access";
import { getCompanyForEdit, saveCompany } from "~/domain/company/company.server";
import { recordHistoryEntries } from "~/domain/history/history.server";
import { companyFormSchema } from "~/domain/company/schema";
import { done, invalid, refused } from "~/routes/shared/answers.server";

export async function loadCompanySettings(request: Request) {
  await requireAdmin(request);
  // The settings are one row (id 1): its history is the company's.
  const [company, history] = await Promise.all([getCompanyForEdit(), recordHistoryEntries("settings", "1")]);
  return { ...company, history };
}

export async function companySettingsAction(request: Request) {
  await requireAdmin(request);
  const submission = parseWithZod(await request.formData(), { schema: companyFormSchema });
  if (submission.status !== "success") return invalid(submission);
  try {
    await saveCompany(submission.value);
  } catch (error) {
    return refused(error, { title: "Error saving company details", submission });
  }
  return done({ title: "Company details saved" }, { result: submission.reply() });
}
