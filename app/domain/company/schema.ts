import { z } from "zod";
import type { ImageSources } from "~/lib/image-sources";
import { optionalHttpUrl, optionalText, version } from "~/lib/form-values";

export const companyFormSchema = z.object({
  name: optionalText(100),
  address: optionalText(300),
  phone: optionalText(50),
  videoUrl: optionalHttpUrl("Invalid URL"),
  facebookUrl: optionalHttpUrl("Invalid URL"),
  instagramUrl: optionalHttpUrl("Invalid URL"),
  linkedinUrl: optionalHttpUrl("Invalid URL"),
  logoUploadId: z.uuid().optional(),
  removeLogo: z.literal("on").optional(),
  /** Visitors may download the project book from the library (staff always can). */
  projectBookPublic: z
    .literal("on")
    .optional()
    .transform((value) => value === "on"),
  version: version.optional(),
});

export type CompanyFormValues = z.output<typeof companyFormSchema>;

/** What the public pages show of the company. */
export interface CompanyDetails {
  name: string | null;
  address: string | null;
  phone: string | null;
  videoUrl: string | null;
  facebookUrl: string | null;
  instagramUrl: string | null;
  linkedinUrl: string | null;
  logo: ImageSources | null;
}
