import { AlsoEditing } from "~/components/also-editing";
import { ProjectContracts } from "~/domain/contracts/components/project-contracts";
import { ProjectMedia } from "~/domain/project-media/components/project-media";
import { imageAlt } from "~/domain/project-media/schema";
import { ProjectForm } from "~/domain/projects/components/project-form";
import { HistoryPanel } from "~/domain/history/components/history-panel";
import { recordHistoryEntries } from "~/domain/history/history.server";
import type { Route } from "./+types/edit";
import { loadProjectToEdit, projectEditorAction } from "./editor.server";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.project.title ?? "Edit Project"} · Playfolio Admin` },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const loaded = await loadProjectToEdit(request, params.id);
  return { ...loaded, history: await recordHistoryEntries("project", loaded.project.id) };
}

export function action({ request, params }: Route.ActionArgs) {
  return projectEditorAction(request, params.id);
}

export default function EditProject({ loaderData, actionData }: Route.ComponentProps) {
  const { project, clients, options, media, contracts, embedOrigin, history } = loaderData;
  return (
    <div className="space-y-8">
      <AlsoEditing kind="project" id={project.id} noun="project" className="mx-auto max-w-4xl" />
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
