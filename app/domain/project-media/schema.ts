// Project Media: what the section shows and what its action accepts (zod,
// shared with the browser). One action at /admin/projects/:id/media tells its
// forms apart by `intent`.
import { z } from "zod";
import { PROJECT_IMAGE_CATEGORIES, type ProjectImageCategory } from "~/domain/media/schema";
import type { ImageSources } from "~/lib/image-sources";
import { hasNoNul, NO_NUL } from "~/lib/form-values";
import { INVALID_YOUTUBE_URL, parseYouTubeId } from "~/lib/youtube";

export { PROJECT_IMAGE_CATEGORIES, type ProjectImageCategory };

export const PROJECT_VIDEO_CATEGORIES = ["3d_renders", "real_videos"] as const;
export type ProjectVideoCategory = (typeof PROJECT_VIDEO_CATEGORIES)[number];

/** The tab (and heading) of each image category, as the spec names them. */
export const IMAGE_CATEGORY_LABELS: Record<ProjectImageCategory, string> = {
  "3d_renders": "3D Renders",
  photos_installation: "Photos - Installation",
  photos_completed: "Photos - Completed",
};

/** What one image of each category is, in a sentence. */
const IMAGE_NOUNS: Record<ProjectImageCategory, string> = {
  "3d_renders": "3D render",
  photos_installation: "installation photo",
  photos_completed: "completed photo",
};

/**
 * An image's text alternative: its alt text, else its caption, else what it is
 * and where it stands ("Harbour Park, 3D render 2"), so images without either
 * can still be told apart by ear.
 */
export function imageAlt(
  text: { altText: string | null; caption: string | null },
  projectTitle: string,
  category: ProjectImageCategory,
  position: number,
) {
  return text.altText ?? text.caption ?? `${projectTitle}, ${IMAGE_NOUNS[category]} ${position}`;
}

export const VIDEO_CATEGORY_LABELS: Record<ProjectVideoCategory, string> = {
  "3d_renders": "3D Renders",
  real_videos: "Real Videos",
};

export interface ProjectImageItem {
  id: string;
  caption: string | null;
  /** Null: the caption is the alt text. */
  altText: string | null;
  isFeatured: boolean;
  displayOrder: number;
  image: ImageSources;
}

export interface ProjectVideoItem {
  id: string;
  title: string;
  youtubeId: string;
  youtubeUrl: string;
  category: ProjectVideoCategory;
  displayOrder: number;
}

/** Everything the Project Media section shows: images per category and videos, each in display order. */
export interface ProjectMediaData {
  images: Record<ProjectImageCategory, ProjectImageItem[]>;
  videos: ProjectVideoItem[];
}

export const MISSING_VIDEO_INFO = "Missing information: Please provide both title and YouTube URL";
export { INVALID_YOUTUBE_URL };

export const CAPTION_MAX = 500;
export const ALT_TEXT_MAX = 500;
export const VIDEO_TITLE_MAX = 200;
/** More ids than any gallery holds; keeps a bad request cheap to refuse. */
const MAX_IDS = 2000;

const id = z.uuid({ message: "Not a valid id" });
/** The ids in their new order; repeated form fields (`ids`), deduplicated keeping the first. */
const orderedIds = z
  .array(id)
  .min(1, "Nothing to reorder")
  .max(MAX_IDS)
  .transform((ids) => [...new Set(ids)]);

/** Optional text where the form sends empty strings (Conform turns them into undefined). */
const text = (max: number) =>
  z.string().trim().max(max, `Must be at most ${max} characters`).refine(hasNoNul, NO_NUL).optional();

/**
 * The Add Video dialog. Both fields missing or either one: the spec's one message for the whole
 * form; a URL that yields no video id: the spec's other message on the URL field.
 */
export const addVideoSchema = z
  .object({
    intent: z.literal("add-video"),
    title: text(VIDEO_TITLE_MAX),
    youtubeUrl: text(2048),
    category: z.enum(PROJECT_VIDEO_CATEGORIES, { message: "Choose 3D Renders or Real Videos" }).default("3d_renders"),
  })
  .superRefine((value, ctx) => {
    if (!value.title || !value.youtubeUrl) {
      ctx.addIssue({ code: "custom", message: MISSING_VIDEO_INFO, path: [] });
      return;
    }
    if (!parseYouTubeId(value.youtubeUrl).ok) {
      ctx.addIssue({ code: "custom", message: INVALID_YOUTUBE_URL, path: ["youtubeUrl"] });
    }
  })
  .transform(({ title, youtubeUrl, ...rest }) => ({ ...rest, title: title!, youtubeUrl: youtubeUrl! }));

export const projectMediaActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("reorder-images"), category: z.enum(PROJECT_IMAGE_CATEGORIES), ids: orderedIds }),
  z.object({ intent: z.literal("delete-image"), imageId: id }),
  z.object({
    intent: z.literal("update-caption"),
    imageId: id,
    caption: text(CAPTION_MAX).transform((caption) => caption || null),
  }),
  z.object({
    intent: z.literal("update-alt"),
    imageId: id,
    altText: text(ALT_TEXT_MAX).transform((altText) => altText || null),
  }),
  z.object({
    intent: z.literal("set-featured"),
    imageId: id,
    featured: z.enum(["true", "false"]).transform((featured) => featured === "true"),
  }),
  addVideoSchema,
  z.object({ intent: z.literal("delete-video"), videoId: id }),
  z.object({ intent: z.literal("reorder-videos"), ids: orderedIds }),
]);

export type ProjectMediaAction = z.output<typeof projectMediaActionSchema>;
export type ProjectMediaIntent = ProjectMediaAction["intent"];
export type AddVideoValues = z.output<typeof addVideoSchema>;
