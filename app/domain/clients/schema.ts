import { z } from "zod";
import { version } from "~/lib/form-values";
import { clients } from "~/tables/clients";
import { formFields, httpUrl, text } from "../form-fields";

/** The client's own columns the form writes, read as their types say unless given here. */
export const CLIENT_FIELDS = formFields(clients, {
  name: text(100, "Name is required"),
  industryType: text(100),
  location: text(200),
  website: httpUrl("Invalid URL"),
  notes: true,
});

/** The client form (create and edit share it; edit adds the version). */
export const clientFormSchema = z.object({
  ...CLIENT_FIELDS,
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
