import { useOwnSaveKey } from "~/components/changed-underneath";
import { CompanyForm } from "~/domain/company/components/company-form";
import { HistoryPanel } from "~/domain/history/components/history-panel";
import type { Route } from "./+types/company";
import { companySettingsAction, loadCompanySettings } from "./company.server";

export const meta: Route.MetaFunction = () => [{ title: "Company · Playfolio Admin" }];

export function loader({ request }: Route.LoaderArgs) {
  return loadCompanySettings(request);
}

export function action({ request }: Route.ActionArgs) {
  return companySettingsAction(request);
}

export default function CompanySettings({ loaderData, actionData }: Route.ComponentProps) {
  // The form stays open after saving: it starts again from its own save (others' it only shows).
  const formKey = useOwnSaveKey(actionData, loaderData.version ?? undefined);
  return (
    <section className="grid gap-4">
      <div>
        <h2 className="text-xl font-semibold">Company</h2>
        <p className="text-sm text-muted-foreground">
          Your company's name, logo, address, phone and social links, shown on the Project Library and project pages.
        </p>
      </div>
      <CompanyForm
        key={formKey}
        details={loaderData.details}
        projectBookPublic={loaderData.projectBookPublic}
        money={loaderData.money}
        version={loaderData.version}
        answer={actionData}
      />
      <HistoryPanel entries={loaderData.history} className="mt-4" />
    </section>
  );
}
