import { ProjectForm } from "~/domain/projects/components/project-form";
import { loadProjectEditor, projectEditorAction } from "~/domain/projects/project-editor.server";
import type { Route } from "./+types/new";

export const meta: Route.MetaFunction = () => [{ title: "New Project · Playfolio Admin" }];

export function loader({ request }: Route.LoaderArgs) {
  return loadProjectEditor(request);
}

export function action({ request }: Route.ActionArgs) {
  return projectEditorAction(request);
}

export default function NewProject({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ProjectForm
      clients={loaderData.clients}
      options={loaderData.options}
      embedOrigin={loaderData.embedOrigin}
      lastResult={actionData && "result" in actionData ? actionData.result : undefined}
    />
  );
}
