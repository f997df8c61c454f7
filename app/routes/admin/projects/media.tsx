// POST /admin/projects/:id/media: the Project Media section's writes (reorder,
// delete, caption, featured image, videos). A resource route: the section
// lives on the project's edit page and posts here through fetchers.
import type { Route } from "./+types/media";
import { projectMediaAction } from "./media.server";

export function action({ request, params }: Route.ActionArgs) {
  return projectMediaAction(request, params.id);
}
