import { ProjectContracts } from "~/domain/contracts/components/project-contracts";
import { ProjectMedia } from "~/domain/project-media/components/project-media";
import { ProjectForm } from "~/domain/projects/components/project-form";
import { loadProjectEditor, projectEditorAction } from "~/domain/projects/project-editor.server";
import type { Route } from "./+types/edit";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.project?.title ?? "Edit Project"} · Playfolio Admin` },
];

export function loader({ request, params }: Route.LoaderArgs) {
  return loadProjectEditor(request, params.id);
}

export function action({ request, params }: Route.ActionArgs) {
  return projectEditorAction(request, params.id);
}

export default function EditProject({ loaderData, actionData }: Route.ComponentProps) {
  const project = loaderData.project!;
  return (
    <ProjectForm
      key={project.id}
      project={project}
      clients={loaderData.clients}
      options={loaderData.options}
      embedOrigin={loaderData.embedOrigin}
      lastResult={actionData && "result" in actionData ? actionData.result : undefined}
      latestVersion={actionData && "version" in actionData ? actionData.version : undefined}
      media={<ProjectMedia projectId={project.id} media={loaderData.media!} />}
      contracts={<ProjectContracts projectId={project.id} contracts={loaderData.contracts} />}
    />
  );
}
