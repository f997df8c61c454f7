// The loader and action behind /admin/gallery/:slug. The action answers every
// write with a flash toast in the spec's words (a reorder shows itself: none).
import { parseWithZod } from "@conform-to/zod/v4";
import { requireStaff } from "~/.server/auth/access";
import { env } from "~/.server/env";
import { publicOrigin } from "~/.server/http/origin";
import { notFound } from "~/.server/http/invariant";
import {
  addProjectsToGallery,
  getGalleryDetail,
  listProjectChoices,
  removeProjectFromGallery,
  reorderGalleryProjects,
} from "~/domain/galleries/gallery-projects.server";
import {
  GALLERY_MESSAGES,
  galleryProjectsActionSchema,
  type GalleryProjectsAction,
  type GalleryProjectsIntent,
} from "~/domain/galleries/schema";
import type { ToastInput } from "~/lib/toast";
import { done, invalid, refused } from "~/routes/shared/answers.server";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]", "::1", "0.0.0.0"]);

/** Where embed codes point, and whether that address only works on this machine. */
function embedTarget(request: Request): { origin: string; localOnly: boolean } {
  const origin = publicOrigin(request);
  // Without PUBLIC_URL the code carries the address this page was reached at: a loopback
  // address works on this machine only, never on the company's website.
  const localOnly = !env().PUBLIC_URL && LOOPBACK.has(new URL(origin).hostname);
  return { origin, localOnly };
}

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

const FAILED: Record<GalleryProjectsIntent, string> = {
  "add-projects": "Error adding projects",
  "remove-project": "Error removing project",
  reorder: "Error reordering projects",
};

function intentOf(formData: FormData): GalleryProjectsIntent | undefined {
  const intent = formData.get("intent");
  return typeof intent === "string" && Object.hasOwn(FAILED, intent) ? (intent as GalleryProjectsIntent) : undefined;
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
      : [intent ? FAILED[intent] : "Error", "The request was not understood. Reload the page and try again."];
    return invalid(submission, { intent, message, toast: { type: "error", title, description: message } });
  }
  const value = submission.value;
  try {
    return done(await perform(value), { intent: value.intent });
  } catch (error) {
    return refused(error, { title: FAILED[value.intent], intent: value.intent });
  }
}

const projects = (n: number) => `${n} ${n === 1 ? "project" : "projects"}`;

/** Does the write; returns its success toast. */
async function perform(value: GalleryProjectsAction): Promise<ToastInput | null> {
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
