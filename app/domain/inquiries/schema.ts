// Inquiries in the browser and on the server: the public form, the statuses
// staff move an inquiry through, the follow-up form and the list's URL state.
import { z } from "zod";
import { optionalText, requiredName, version } from "~/lib/form-values";

export const INQUIRY_STATUSES = ["new", "contacted", "won", "lost"] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

export const INQUIRY_STATUS_LABELS: Record<InquiryStatus, string> = {
  new: "New",
  contacted: "Contacted",
  won: "Won",
  lost: "Lost",
};

export function inquiryStatusBadgeVariant(status: InquiryStatus): "info" | "secondary" | "success" | "outline" {
  if (status === "new") return "info";
  if (status === "won") return "success";
  if (status === "lost") return "outline";
  return "secondary";
}

export const INQUIRY_MESSAGES = {
  emailInvalid: "Invalid email address",
  organisationRequired: "Organisation is required",
  messageRequired: "Message is required",
  tooFast: "That was quick! Please check your details and send the form again.",
  thanks: "Thank you! We received your request and will be in touch soon.",
} as const;

/** The visitor's form. `website` is the honeypot (hidden from people); `started` the signed time the form was shown. */
export const inquiryFormSchema = z.object({
  name: requiredName(100),
  email: z
    .string({ message: INQUIRY_MESSAGES.emailInvalid })
    .trim()
    .pipe(z.email({ message: INQUIRY_MESSAGES.emailInvalid }).max(254)),
  organisation: z
    .string({ message: INQUIRY_MESSAGES.organisationRequired })
    .trim()
    .min(1, INQUIRY_MESSAGES.organisationRequired)
    .max(200, "Must be at most 200 characters"),
  phone: optionalText(50),
  message: z
    .string({ message: INQUIRY_MESSAGES.messageRequired })
    .trim()
    .min(1, INQUIRY_MESSAGES.messageRequired)
    .max(5000, "Must be at most 5000 characters"),
  website: z.string().optional(),
  started: z.string().optional(),
});
export type InquiryFormValues = z.infer<typeof inquiryFormSchema>;

/** Staff's follow-up: the status and their notes. */
export const inquiryFollowUpSchema = z.object({
  status: z.enum(INQUIRY_STATUSES, { message: "Choose a status" }),
  notes: optionalText(10_000),
  version,
});
export type InquiryFollowUp = z.infer<typeof inquiryFollowUpSchema>;

export const inquiryListQuerySchema = z.object({
  q: z.string().trim().max(200).catch(""),
  status: z.enum(INQUIRY_STATUSES).or(z.literal("")).catch(""),
});
export type InquiryListQuery = Partial<z.output<typeof inquiryListQuerySchema>>;
