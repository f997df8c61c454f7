import { ProjectContracts } from "~/domain/contracts/components/project-contracts";
import { ProjectMedia } from "~/domain/project-media/components/project-media";
import { imageAlt } from "~/domain/project-media/schema";
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
  );
}
