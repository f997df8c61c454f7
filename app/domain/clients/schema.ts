import { z } from "zod";
import { optionalHttpUrl, optionalText, requiredName, version } from "~/lib/form-values";

/** The client form (create and edit share it; edit adds the version). */
export const clientFormSchema = z.object({
  name: requiredName(100),
  industryType: optionalText(100),
  location: optionalText(200),
  website: optionalHttpUrl("Invalid URL"),
  notes: optionalText(5000),
  contactIds: z.array(z.uuid()).max(500).default([]),
  /** A logo uploaded with this form, to attach on save. */
  logoUploadId: z.uuid().optional(),
  /** Set when the saved logo was removed in the form. */
  removeLogo: z.literal("on").optional(),
  version: version.optional(),
});

export type ClientFormValues = z.output<typeof clientFormSchema>;

export const clientListQuerySchema = z.object({
  q: z.string().trim().max(200).catch(""),
  industry: z.string().trim().max(100).catch(""),
});
