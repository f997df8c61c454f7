import { ProjectForm } from "~/domain/projects/components/project-form";
import type { Route } from "./+types/new";
import { loadNewProject, projectEditorAction } from "./editor.server";

export const meta: Route.MetaFunction = () => [{ title: "New Project · Playfolio Admin" }];

export function loader({ request }: Route.LoaderArgs) {
  return loadNewProject(request);
}

export function action({ request }: Route.ActionArgs) {
  return projectEditorAction(request);
}

export default function NewProject({ loaderData, actionData }: Route.ComponentProps) {
  return <ProjectForm clients={loaderData.clients} embedOrigin={loaderData.embedOrigin} answer={actionData} />;
}
