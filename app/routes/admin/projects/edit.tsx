import { ProjectContracts } from "~/domain/contracts/components/project-contracts";
import { ProjectMedia } from "~/domain/project-media/components/project-media";
import { ProjectForm } from "~/domain/projects/components/project-form";
import type { Route } from "./+types/edit";
import { loadProjectToEdit, projectEditorAction } from "./editor.server";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.project.title ?? "Edit Project"} · Playfolio Admin` },
];

export function loader({ request, params }: Route.LoaderArgs) {
  return loadProjectToEdit(request, params.id);
}

export function action({ request, params }: Route.ActionArgs) {
  return projectEditorAction(request, params.id);
}

export default function EditProject({ loaderData, actionData }: Route.ComponentProps) {
  const { project, clients, options, media, contracts, embedOrigin } = loaderData;
  return (
    <ProjectForm
      key={project.id}
      project={project}
      clients={clients}
      options={options}
      embedOrigin={embedOrigin}
      answer={actionData}
      media={<ProjectMedia projectId={project.id} projectTitle={project.title} media={media} />}
      contracts={<ProjectContracts projectId={project.id} contracts={contracts} />}
    />
  );
}
