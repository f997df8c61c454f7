import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { requireAdmin } from "~/.server/auth/access";
import { refusedSave } from "~/.server/http/form-errors";
import { toastHeaders } from "~/.server/toast";
import { getCompanyForEdit, saveCompany } from "~/domain/company/company.server";
import { CompanyForm } from "~/domain/company/components/company-form";
import { companyFormSchema } from "~/domain/company/schema";
import type { Route } from "./+types/company";

export const meta: Route.MetaFunction = () => [{ title: "Company · Playfolio Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return getCompanyForEdit();
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const submission = parseWithZod(await request.formData(), { schema: companyFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), version: undefined }, { status: 400 });
  try {
    await saveCompany(submission.value);
  } catch (error) {
    const refused = await refusedSave(submission, error, "Error saving company details");
    if (refused) return refused;
    throw error;
  }
  return data(
    { result: submission.reply(), version: undefined },
    { headers: await toastHeaders({ title: "Company details saved" }) },
  );
}

export default function CompanySettings({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="grid gap-4">
      <div>
        <h2 className="text-xl font-semibold">Company</h2>
        <p className="text-sm text-muted-foreground">
          Your company's name, logo, address, phone and social links, shown on the Project Library and project pages.
        </p>
      </div>
      <CompanyForm
        key={loaderData.version ?? "new"}
        details={loaderData.details}
        version={loaderData.version}
        lastResult={actionData?.result}
        latestVersion={actionData?.version}
      />
    </section>
  );
}
