// The loader work shared by /:slug, /projects/:id/preview and /webview/:slug;
// a missing project is logged and the route answers 404 (see `found`).
import { requestedPath } from "~/.server/auth/access";
import { publicOrigin } from "~/.server/http/origin";
import { logger } from "~/.server/logger";
import { findPublicProject } from "./project-page.server";

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loadProjectPage(request: Request, by: { projectName?: string; id?: string }) {
  const origin = publicOrigin(request);
  // A malformed slug or id cannot name a project: no need to ask the database.
  const project =
    by.projectName !== undefined
      ? SLUG.test(by.projectName)
        ? await findPublicProject({ projectName: by.projectName })
        : null
      : by.id !== undefined && UUID.test(by.id)
        ? await findPublicProject({ id: by.id })
        : null;
  if (!project) logger().warn({ path: requestedPath(request) }, "project not found");
  return { project, origin };
}

/** The response init for a page that may have found nothing: a real 404. */
export function found(value: unknown): ResponseInit | undefined {
  return value ? undefined : { status: 404 };
}
