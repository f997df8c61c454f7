// The fields of POST /api/uploads (zod, shared with the browser). The size
// limit of each kind lives in ./upload-client (UPLOAD_LIMITS), the one place
// both the browser's early check and the server read it from.
import { z } from "zod";
import { formatLimit, UPLOAD_LIMITS, type UploadKind } from "./upload-client";

export type { UploadKind } from "./upload-client";

/** Kinds that wait as a pending upload until a form claims them. */
export const PENDING_UPLOAD_KINDS = ["client-logo", "option-image", "company-logo", "proposal-image"] as const;
export type PendingUploadKind = (typeof PENDING_UPLOAD_KINDS)[number];

export const PROJECT_IMAGE_CATEGORIES = ["3d_renders", "photos_installation", "photos_completed"] as const;
export type ProjectImageCategory = (typeof PROJECT_IMAGE_CATEGORIES)[number];

/** The spec's words for a file over the limit: 'File too large' / 'Logo must be less than 5MB'. */
export function tooLargeMessage(kind: UploadKind): { title: string; description: string } {
  const noun = kind === "client-logo" || kind === "company-logo" ? "Logo" : "Image";
  return { title: "File too large", description: `${noun} must be less than ${formatLimit(UPLOAD_LIMITS[kind])}` };
}

export function uploadLimit(kind: UploadKind): number {
  return UPLOAD_LIMITS[kind];
}

const KIND_MESSAGE = "kind must be client-logo, option-image, company-logo, proposal-image or project-image";

export const uploadFieldsSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.enum(PENDING_UPLOAD_KINDS) }),
    z.object({
      kind: z.literal("project-image"),
      projectId: z.uuid({ message: "projectId must be a project's id" }),
      category: z.enum(PROJECT_IMAGE_CATEGORIES, {
        message: "category must be 3d_renders, photos_installation or photos_completed",
      }),
      // Files picked together: one batch id for the pick, each file's 0-based place in it.
      batch: z.uuid({ message: "batch must be a UUID" }).optional(),
      position: z.coerce
        .number({ message: "position must be a whole number from 0" })
        .int({ message: "position must be a whole number from 0" })
        .min(0, { message: "position must be a whole number from 0" })
        .max(9999, { message: "position must be a whole number from 0" })
        .optional(),
    }),
  ],
  { message: KIND_MESSAGE },
);

export type UploadFields = z.infer<typeof uploadFieldsSchema>;
