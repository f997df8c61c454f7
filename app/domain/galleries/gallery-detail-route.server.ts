// The loader and action behind /admin/gallery/:slug. The action answers every
// write with a flash toast in the spec's words:
//   200 { ok: true, intent }            done
//   400 { ok: false, intent?, message } the request was not valid
//   404 { ok: false, intent, message }  the gallery is gone, or the project is not in it
//   500 { ok: false, intent, message }  the database failed; logged
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { requireStaff } from "~/.server/auth/access";
import { logger } from "~/.server/logger";
import { notFound } from "~/.server/not-found";
import { toastHeaders } from "~/.server/toast";
import { NotFoundError } from "../errors";
import { embedTarget } from "./embed.server";
import {
  addProjectsToGallery,
  getGalleryDetail,
  listProjectChoices,
  removeProjectFromGallery,
  reorderGalleryProjects,
} from "./gallery-projects.server";
import {
  GALLERY_MESSAGES,
  galleryProjectsActionSchema,
  type GalleryProjectsAction,
  type GalleryProjectsActionData,
  type GalleryProjectsIntent,
} from "./schema";

/** The page; with `?available`, also the projects the Add Projects dialog offers (it loads them when opened). */
export async function loadGalleryDetail(request: Request, slug: string | undefined) {
  await requireStaff(request);
  const detail = await getGalleryDetail(slug ?? "");
  if (!detail) throw notFound(request);
  const wantsChoices = new URL(request.url).searchParams.has("available");
  return {
    ...detail,
    embed: embedTarget(request),
    available: wantsChoices ? await listProjectChoices(detail.gallery.id) : null,
  };
}

const TOASTS: Record<GalleryProjectsIntent, { failed: string }> = {
  "add-projects": { failed: "Error adding projects" },
  "remove-project": { failed: "Error removing project" },
  reorder: { failed: "Error reordering projects" },
};

function intentOf(formData: FormData): GalleryProjectsIntent | undefined {
  const intent = formData.get("intent");
  return typeof intent === "string" && intent in TOASTS ? (intent as GalleryProjectsIntent) : undefined;
}

async function answer(
  body: GalleryProjectsActionData,
  status: number,
  toast: { type: "success" | "error"; title: string; description?: string } | null,
) {
  return data(body, { status, headers: toast ? await toastHeaders(toast) : undefined });
}

export async function galleryDetailAction(request: Request) {
  await requireStaff(request);
  const formData = await request.formData();
  const intent = intentOf(formData);
  const submission = parseWithZod(formData, { schema: galleryProjectsActionSchema });
  if (submission.status !== "success") {
    const noneSelected = intent === "add-projects" && formData.getAll("projectIds").length === 0;
    const [title, message] = noneSelected
      ? [GALLERY_MESSAGES.noneSelected, GALLERY_MESSAGES.noneSelectedDescription]
      : [intent ? TOASTS[intent].failed : "Error", "The request was not understood. Reload the page and try again."];
    return answer({ ok: false, intent, message }, 400, { type: "error", title, description: message });
  }

  const value = submission.value;
  try {
    const done = await perform(value);
    return answer({ ok: true, intent: value.intent }, 200, done && { type: "success", ...done });
  } catch (error) {
    const refused = error instanceof NotFoundError;
    if (!refused)
      logger().error({ err: error, intent: value.intent, galleryId: value.galleryId }, "gallery write failed");
    const message = refused ? error.message : "Something went wrong on our side. Please try again.";
    return answer({ ok: false, intent: value.intent, message }, refused ? 404 : 500, {
      type: "error",
      title: TOASTS[value.intent].failed,
      description: message,
    });
  }
}

const projects = (n: number) => `${n} ${n === 1 ? "project" : "projects"}`;

/** Does the write; returns its success toast (a reorder shows itself: none). */
async function perform(value: GalleryProjectsAction): Promise<{ title: string; description?: string } | null> {
  switch (value.intent) {
    case "add-projects": {
      const { name, added, skipped } = await addProjectsToGallery(value);
      const note = skipped > 0 ? ` (${projects(skipped)} skipped: already in it or deleted)` : "";
      return {
        title: "Projects added successfully",
        description: `${projects(added.length)} added to "${name}"${note}.`,
      };
    }
    case "remove-project": {
      const { title } = await removeProjectFromGallery(value);
      return { title: "Project removed successfully", description: `"${title}" was removed from this gallery.` };
    }
    case "reorder":
      await reorderGalleryProjects(value);
      return null;
  }
}
