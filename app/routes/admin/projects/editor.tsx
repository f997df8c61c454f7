// /admin/projects/new and /admin/projects/:id/edit (one module, two route ids
// in routes.ts): the project form, empty or with the project, its media,
// contracts and history, and who else has it open.
import { AlsoEditing } from "~/components/also-editing";
import { ProjectContracts } from "~/domain/contracts/components/project-contracts";
import { HistoryPanel } from "~/domain/history/components/history-panel";
import { recordPageReads } from "~/routes/shared/record-page.server";
import { ProjectMedia } from "~/domain/project-media/components/project-media";
import { imageAlt } from "~/domain/project-media/schema";
import { ProjectForm } from "~/domain/projects/components/project-form";
import type { Route } from "./+types/editor";
import { loadNewProject, loadProjectToEdit, projectEditorAction } from "./editor.server";

export const meta: Route.MetaFunction = ({ data, params }) => [
  { title: `${params.id ? (data?.project?.title ?? "Edit Project") : "New Project"} · Playfolio Admin` },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  if (!params.id) return { ...(await loadNewProject(request)), project: null };
  const loaded = await loadProjectToEdit(request, params.id);
  return { ...loaded, ...(await recordPageReads("project", loaded.project.id)) };
}

export function action({ request, params }: Route.ActionArgs) {
  return projectEditorAction(request, params.id);
}

export default function ProjectEditor({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.project) {
    return <ProjectForm clients={loaderData.clients} embedOrigin={loaderData.embedOrigin} answer={actionData} />;
  }
  const { project, clients, options, media, contracts, embedOrigin, history, presence } = loaderData;
  return (
    <div className="space-y-8">
      <AlsoEditing presence={presence} noun="project" className="mx-auto max-w-4xl" />
      <ProjectForm
        key={project.id}
        project={project}
        clients={clients}
        options={options}
        embedOrigin={embedOrigin}
        answer={actionData}
        comparisonChoices={{
          renders: media.images["3d_renders"].map((image, i) => ({
            id: image.id,
            label: `${i + 1}. ${imageAlt(image, project.title, "3d_renders", i + 1)}`,
          })),
          photos: media.images.photos_completed.map((image, i) => ({
            id: image.id,
            label: `${i + 1}. ${imageAlt(image, project.title, "photos_completed", i + 1)}`,
          })),
        }}
        media={<ProjectMedia projectId={project.id} projectTitle={project.title} media={media} />}
        contracts={<ProjectContracts projectId={project.id} contracts={contracts} />}
      />
      <HistoryPanel entries={history} className="max-w-4xl" />
    </div>
  );
}
