// Galleries: the dialog's rules and messages (the spec's words), the detail
// page's writes, and the shapes the screens show (zod, shared with the browser).
import { z } from "zod";
import type { ImageSources } from "~/lib/image-sources";
import { SLUG_MAX_LENGTH } from "~/lib/slugify";
import { version } from "~/lib/form-values";
import { galleries } from "~/tables/galleries";
import { type FieldValues, formFields, text } from "../form-fields";

export const GALLERY_NAME_MAX = 100;
export const GALLERY_DESCRIPTION_MAX = 500;

export const GALLERY_MESSAGES = {
  slugRequired: "Slug is required",
  slugCharacters: "Slug can only contain lowercase letters, numbers, and hyphens",
  slugEdges: "Slug cannot start or end with a hyphen",
  // The database (and the public URL pattern) refuse "a--b" too; the spec has no words for it.
  slugDoubled: "Slug cannot contain two hyphens in a row",
  slugTooLong: `Must be at most ${SLUG_MAX_LENGTH} characters`,
  slugTaken: "A gallery with this slug already exists.",
  noneSelected: "No projects selected",
  noneSelectedDescription: "Please select at least one project to add",
} as const;

/** What is wrong with a (trimmed, non-empty) slug, or null when the database will take it (uniqueness aside). */
export function gallerySlugProblem(slug: string): string | null {
  if (slug.length > SLUG_MAX_LENGTH) return GALLERY_MESSAGES.slugTooLong;
  if (/[^a-z0-9-]/.test(slug)) return GALLERY_MESSAGES.slugCharacters;
  if (slug.startsWith("-") || slug.endsWith("-")) return GALLERY_MESSAGES.slugEdges;
  if (slug.includes("--")) return GALLERY_MESSAGES.slugDoubled;
  return null;
}

const slug = z
  .string({ message: GALLERY_MESSAGES.slugRequired })
  .trim()
  .min(1, GALLERY_MESSAGES.slugRequired)
  .superRefine((value, ctx) => {
    const problem = gallerySlugProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** The gallery's columns the dialog writes (Published is a switch: off, the spec's default, is a draft). */
export const GALLERY_FIELDS = formFields(galleries, {
  name: text(GALLERY_NAME_MAX, "Name is required"),
  slug,
  description: text(GALLERY_DESCRIPTION_MAX),
  isPublished: true,
});

const id = z.uuid();

/** Everything the Gallery Management page posts, told apart by `intent`. */
export const galleryFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), ...GALLERY_FIELDS }),
  z.object({ intent: z.literal("update"), id, version, ...GALLERY_FIELDS }),
  z.object({ intent: z.literal("delete"), id }),
  z.object({ intent: z.literal("publish"), id, published: z.enum(["true", "false"]).transform((v) => v === "true") }),
]);

export type GalleryValues = FieldValues<typeof GALLERY_FIELDS>;

/** More projects than any gallery holds; keeps a bad request cheap to refuse. */
const MAX_IDS = 2000;
const projectIds = z.array(id).max(MAX_IDS);

/** What the gallery detail page posts: add, remove and reorder its projects. */
export const galleryProjectsActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("add-projects"),
    galleryId: id,
    projectIds: projectIds.min(1, GALLERY_MESSAGES.noneSelectedDescription),
  }),
  z.object({ intent: z.literal("remove-project"), galleryId: id, projectId: id }),
  z.object({ intent: z.literal("reorder"), galleryId: id, projectIds: projectIds.min(1, "Nothing to reorder") }),
]);

export type GalleryProjectsAction = z.output<typeof galleryProjectsActionSchema>;
export type GalleryProjectsIntent = GalleryProjectsAction["intent"];

/** One row of Gallery Management. */
export type GalleryRow = GalleryValues & {
  id: string;
  projectCount: number;
  /** The row's updated_at, carried by the edit form. */
  version: string;
};

/** One project of a gallery, as the detail page lists it. */
export interface GalleryProjectItem {
  projectId: string;
  title: string;
  displayOrder: number;
  thumbnail: ImageSources | null;
  clientName: string;
  clientLogo: ImageSources | null;
  clientLocation: string | null;
}

/** A project the Add Projects dialog offers. */
export interface ProjectChoice {
  id: string;
  title: string;
  clientName: string;
  thumbnail: ImageSources | null;
}

export interface GalleryDetail {
  gallery: GalleryRow;
  projects: GalleryProjectItem[];
}
