// The action behind /admin/projects/:id/media: one form field `intent` picks
// what to do; each answer carries a flash toast with the spec's words.
//   200 done (add-video: with its form's reply)
//   400 the request was not valid
//   404 the project, image or video is gone
//   409 refused (another project's image…)
import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { requireStaff } from "~/.server/auth/access";
import { NotFoundError } from "~/domain/errors";
import {
  deleteImage,
  reorderImages,
  setFeaturedImage,
  updateImageAlt,
  updateImageCaption,
} from "~/domain/project-media/images.server";
import { PROJECT_GONE } from "~/domain/project-media/ordering.server";
import {
  projectMediaActionSchema,
  type ProjectMediaAction,
  type ProjectMediaIntent,
} from "~/domain/project-media/schema";
import { addVideo, deleteVideo, reorderVideos } from "~/domain/project-media/videos.server";
import { isUuid } from "~/lib/uuid";
import { done, invalid, refused } from "~/routes/shared/answers.server";

/** The toast titles of each intent: the spec's catalogue where it has one. */
const TOASTS: Record<ProjectMediaIntent, { done?: string; failed: string }> = {
  "reorder-images": { failed: "Error reordering images" },
  "delete-image": { done: "Image deleted successfully", failed: "Error deleting image" },
  "update-caption": { failed: "Error updating caption" },
  "update-alt": { failed: "Error updating alt text" },
  "set-featured": { failed: "Error updating featured image" },
  "add-video": { done: "Video added successfully", failed: "Error adding video" },
  "delete-video": { done: "Video deleted successfully", failed: "Error deleting video" },
  "reorder-videos": { failed: "Error reordering videos" },
};

function intentOf(formData: FormData): ProjectMediaIntent | undefined {
  const intent = formData.get("intent");
  return typeof intent === "string" && Object.hasOwn(TOASTS, intent) ? (intent as ProjectMediaIntent) : undefined;
}

export async function projectMediaAction(request: Request, rawProjectId: string | undefined) {
  await requireStaff(request);
  const formData = await request.formData();
  const intent = intentOf(formData);
  const failed = intent ? TOASTS[intent].failed : "Error";
  // The section posts with fetchers: a missing project is a toast, not an error page.
  if (!isUuid(rawProjectId)) return refused(new NotFoundError(PROJECT_GONE), { title: failed, intent });
  const projectId = rawProjectId;

  const submission = parseWithZod(formData, { schema: projectMediaActionSchema });
  if (submission.status !== "success") {
    const message =
      intent === "add-video"
        ? firstError(submission)
        : "The request was not understood. Reload the page and try again.";
    return invalid(submission, { intent, message, toast: { type: "error", title: failed, description: message } });
  }

  const value = submission.value;
  try {
    await perform(projectId, value);
  } catch (error) {
    return refused(error, {
      title: TOASTS[value.intent].failed,
      intent: value.intent,
      // Only the Add Video dialog is a form that shows its errors.
      submission: value.intent === "add-video" ? submission : undefined,
    });
  }
  const toast = TOASTS[value.intent].done;
  return done(toast ? { type: "success", title: toast } : null, {
    intent: value.intent,
    result: value.intent === "add-video" ? submission.reply({ resetForm: true }) : undefined,
  });
}

async function perform(projectId: string, value: ProjectMediaAction): Promise<unknown> {
  switch (value.intent) {
    case "reorder-images":
      return reorderImages({ projectId, category: value.category, ids: value.ids });
    case "delete-image":
      return deleteImage({ projectId, imageId: value.imageId });
    case "update-caption":
      return updateImageCaption({ projectId, imageId: value.imageId, caption: value.caption });
    case "update-alt":
      return updateImageAlt({ projectId, imageId: value.imageId, altText: value.altText });
    case "set-featured":
      return setFeaturedImage({ projectId, imageId: value.imageId, featured: value.featured });
    case "add-video":
      return addVideo({ projectId, title: value.title, youtubeUrl: value.youtubeUrl, category: value.category });
    case "delete-video":
      return deleteVideo({ projectId, videoId: value.videoId });
    case "reorder-videos":
      return reorderVideos({ projectId, ids: value.ids });
  }
}

function firstError(submission: Submission<unknown>): string {
  for (const messages of Object.values(submission.reply().error ?? {})) {
    const first = messages?.[0];
    if (first) return first;
  }
  return "Please check the form.";
}
