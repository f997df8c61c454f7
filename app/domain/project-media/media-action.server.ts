// The action behind /admin/projects/:id/media: one form field `intent` picks
// what to do; each answer carries a flash toast with the spec's words.
//   200 { ok: true, intent }                                   done (add-video: with its form's reply)
//   400 { ok: false, intent?, message, result? }               the request was not valid
//   404 { ok: false, intent, message }                         the project, image or video is gone
//   409 { ok: false, intent, message, result? }                refused (another project's image…)
//   500 { ok: false, intent, message }                         the database failed; logged
import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { requireStaff } from "~/.server/auth/access";
import { uuidParam } from "~/.server/http/params";
import { logger } from "~/.server/logger";
import { toastHeaders } from "~/.server/toast";
import { InvalidInputError, NotFoundError } from "../errors";
import { deleteImage, reorderImages, setFeaturedImage, updateImageCaption } from "./images.server";
import { PROJECT_GONE } from "./ordering.server";
import {
  projectMediaActionSchema,
  type ProjectMediaAction,
  type ProjectMediaActionData,
  type ProjectMediaIntent,
} from "./schema";
import { addVideo, deleteVideo, reorderVideos } from "./videos.server";

/** The toast titles of each intent: the spec's catalogue where it has one. */
const TOASTS: Record<ProjectMediaIntent, { done?: string; failed: string }> = {
  "reorder-images": { failed: "Error reordering images" },
  "delete-image": { done: "Image deleted successfully", failed: "Error deleting image" },
  "update-caption": { failed: "Error updating caption" },
  "set-featured": { failed: "Error updating featured image" },
  "add-video": { done: "Video added successfully", failed: "Error adding video" },
  "delete-video": { done: "Video deleted successfully", failed: "Error deleting video" },
  "reorder-videos": { failed: "Error reordering videos" },
};

const INTENTS = new Set<string>(Object.keys(TOASTS));

function intentOf(formData: FormData): ProjectMediaIntent | undefined {
  const intent = formData.get("intent");
  return typeof intent === "string" && INTENTS.has(intent) ? (intent as ProjectMediaIntent) : undefined;
}

async function answer(
  body: ProjectMediaActionData,
  status: number,
  toast: { type: "success" | "error"; title: string; description?: string } | null,
) {
  return data(body, { status, headers: toast ? await toastHeaders(toast) : undefined });
}

export async function projectMediaAction(request: Request, rawProjectId: string | undefined) {
  await requireStaff(request);
  const formData = await request.formData();
  const intent = intentOf(formData);
  const failed = intent ? TOASTS[intent].failed : "Error";

  let projectId: string;
  try {
    projectId = uuidParam(rawProjectId, "project");
  } catch {
    return answer({ ok: false, intent, message: PROJECT_GONE }, 404, {
      type: "error",
      title: failed,
      description: PROJECT_GONE,
    });
  }

  const submission = parseWithZod(formData, { schema: projectMediaActionSchema });
  if (submission.status !== "success") {
    const message =
      intent === "add-video"
        ? firstError(submission)
        : "The request was not understood. Reload the page and try again.";
    return answer({ ok: false, intent, message, result: submission.reply() }, 400, {
      type: "error",
      title: failed,
      description: message,
    });
  }

  const value = submission.value;
  try {
    await perform(projectId, value);
  } catch (error) {
    const refused = error instanceof NotFoundError || error instanceof InvalidInputError;
    if (!refused) logger().error({ err: error, intent: value.intent, projectId }, "project media action failed");
    const message = refused ? error.message : "Something went wrong on our side. Please try again.";
    const field = error instanceof InvalidInputError ? error.field : undefined;
    const result =
      value.intent === "add-video"
        ? submission.reply(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] })
        : undefined;
    return answer(
      { ok: false, intent: value.intent, message, result },
      error instanceof NotFoundError ? 404 : refused ? 409 : 500,
      { type: "error", title: TOASTS[value.intent].failed, description: message },
    );
  }

  const done = TOASTS[value.intent].done;
  return answer(
    {
      ok: true,
      intent: value.intent,
      result: value.intent === "add-video" ? submission.reply({ resetForm: true }) : undefined,
    },
    200,
    done ? { type: "success", title: done } : null,
  );
}

async function perform(projectId: string, value: ProjectMediaAction): Promise<void> {
  switch (value.intent) {
    case "reorder-images":
      await reorderImages({ projectId, category: value.category, ids: value.ids });
      return;
    case "delete-image":
      await deleteImage({ projectId, imageId: value.imageId });
      return;
    case "update-caption":
      await updateImageCaption({ projectId, imageId: value.imageId, caption: value.caption });
      return;
    case "set-featured":
      await setFeaturedImage({ projectId, imageId: value.imageId, featured: value.featured });
      return;
    case "add-video":
      await addVideo({ projectId, title: value.title, youtubeUrl: value.youtubeUrl, category: value.category });
      return;
    case "delete-video":
      await deleteVideo({ projectId, videoId: value.videoId });
      return;
    case "reorder-videos":
      await reorderVideos({ projectId, ids: value.ids });
      return;
  }
}

function firstError(submission: Submission<unknown>): string {
  const reply = submission.reply();
  for (const messages of Object.values(reply.error ?? {})) {
    const first = messages?.[0];
    if (first) return first;
  }
  return "Please check the form.";
}
