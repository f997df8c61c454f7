// The loader work shared by /:slug, /projects/:id/preview and /webview/:slug;
// a missing project is logged and the route answers 404 (see `found`), with
// its own not-found text in the page.
import { requestedPath } from "~/.server/auth/access";
import { publicOrigin } from "~/.server/http/origin";
import { logger } from "~/.server/logger";
import { findPublicProject } from "~/domain/library/project-page.server";
import { SLUG_PATTERN } from "~/lib/slugify";
import { isUuid } from "~/lib/uuid";

export async function loadProjectPage(request: Request, by: { projectName: string } | { id: string | undefined }) {
  const origin = publicOrigin(request);
  // A malformed slug or id cannot name a project: no need to ask the database.
  let project = null;
  if ("projectName" in by) {
    if (SLUG_PATTERN.test(by.projectName)) project = await findPublicProject({ projectName: by.projectName });
  } else if (isUuid(by.id)) {
    project = await findPublicProject({ id: by.id });
  }
  if (!project) logger().warn({ path: requestedPath(request) }, "project not found");
  return { project, origin };
}
