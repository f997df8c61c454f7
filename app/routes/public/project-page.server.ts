// The loader work shared by /:slug, /projects/:id/preview and /webview/:slug.
// A project is public only when published (Show in Gallery, or in a published
// gallery); an unpublished one is shown to signed-in staff as a preview and is
// 'Project not found' to everyone else, exactly like a missing one (the route
// answers 404 and logs it: see `found`).
import { publicOrigin } from "~/.server/http/origin";
import { findPublicProject } from "~/domain/library/project-page.server";
import { SLUG_PATTERN } from "~/lib/slugify";
import { isUuid } from "~/lib/uuid";
import { adminProjectPath, staffView } from "./staff-view.server";

export async function loadProjectPage(request: Request, by: { projectName: string } | { id: string | undefined }) {
  const origin = publicOrigin(request);
  // A malformed slug or id cannot name a project: no need to ask the database.
  let project = null;
  if ("projectName" in by) {
    if (SLUG_PATTERN.test(by.projectName)) project = await findPublicProject({ projectName: by.projectName });
  } else if (isUuid(by.id)) {
    project = await findPublicProject({ id: by.id });
  }
  const staff = project
    ? await staffView(request, adminProjectPath(project.id), { preview: !project.published })
    : null;
  if (project && !project.published && !staff) project = null;
  return { project, origin, staff };
}
