// The embed code and preview address of a project's public page.
import { embedSnippet } from "~/lib/embed-snippet";

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
