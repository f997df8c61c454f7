import { requireStaff } from "~/.server/auth/access";
import { invariantResponse, uuidParam } from "~/.server/http/invariant";
import { PageHeader } from "~/components/page-header";
import { HistoryPanel } from "~/domain/history/components/history-panel";
import { getTemplate } from "~/domain/proposals/templates.server";
import { recordPageReads } from "~/routes/shared/record-page.server";
import type { Route } from "./+types/template";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.template.name ?? "Template"} · Proposal templates · Playfolio Admin` },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  const template = await getTemplate(uuidParam(params.id, request));
  invariantResponse(template, request);
  return { template, ...(await recordPageReads("proposal-template", template.id)) };
}

export default function TemplateRoute({ loaderData }: Route.ComponentProps) {
  const { template } = loaderData;
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <PageHeader
        title={template.name}
        description="Proposal template"
        back={{ to: "/admin/proposals/templates", label: "Templates" }}
      />
      <HistoryPanel entries={loaderData.history} />
    </div>
  );
}
