import { requireStaff } from "~/.server/auth/access";
import { invariantResponse, uuidParam } from "~/.server/http/invariant";
import { PageHeader } from "~/components/page-header";
import { TitledCard } from "~/domain/proposals/components/titled-card";
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

// What a new proposal started from this template begins with (New proposal → Template).
export default function TemplateRoute({ loaderData }: Route.ComponentProps) {
  const { template } = loaderData;
  const { content } = template;
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <PageHeader
        title={template.name}
        description="Proposal template: a new proposal started from it begins with this content."
        back={{ to: "/admin/proposals/templates", label: "Back to templates" }}
      />
      <TitledCard id="template-introduction" title="Introduction">
        <p className="whitespace-pre-line text-sm">{content.introduction || "No introduction."}</p>
      </TitledCard>
      <TitledCard id="template-lines" title="Sections and lines">
        {content.sections.length === 0 ? (
          <p className="text-sm text-muted-foreground">No sections.</p>
        ) : (
          <ul className="grid gap-3 text-sm">
            {content.sections.map((section) => (
              <li key={section.id}>
                <h3 className="font-medium">{section.title}</h3>
                <ul className="ml-4 list-disc text-muted-foreground">
                  {content.lines
                    .filter((line) => line.sectionId === section.id)
                    .map((line) => (
                      <li key={line.id}>{line.name}</li>
                    ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </TitledCard>
      <TitledCard id="template-terms" title="Terms">
        <p className="whitespace-pre-line text-sm">{content.terms || "No terms."}</p>
      </TitledCard>
      <HistoryPanel entries={loaderData.history} />
    </div>
  );
}
