// A project's public addresses (its page, its preview) and its embed code.
import { embedSnippet } from "~/lib/embed-snippet";

/** A project's public page: its project name at the root, else its preview by id. */
export function projectPath(project: { id: string; projectName: string | null }): string {
  return project.projectName ? `/${project.projectName}` : `/projects/${project.id}/preview`;
}

/** Where Open Preview goes: the public web view of the project's page. */
export const projectPreviewPath = (projectName: string) => `/webview/${encodeURIComponent(projectName)}`;

export function projectEmbedCode(input: {
  origin: string;
  projectName: string;
  title: string;
  height?: number;
  card?: boolean;
}): string {
  return embedSnippet({
    origin: input.origin,
    path: projectPreviewPath(input.projectName),
    title: input.title,
    loadingText: "Loading project...",
    height: input.height,
    card: input.card,
  });
}
