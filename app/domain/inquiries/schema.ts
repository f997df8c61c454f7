// Inquiries in the browser and on the server: the public form, the pipeline's
// stages staff move an inquiry through, the follow-up and note forms and the
// list's URL state.
import { z } from "zod";
import { hasNoNul, NO_NUL, optionalText, requiredName, version } from "~/lib/form-values";
import { isUuid } from "~/lib/uuid";

export const INQUIRY_STATUSES = ["new", "contacted", "quoted", "won", "lost"] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

/** Won and lost close an inquiry: it has no next step, so no follow-up is due. */
export const CLOSED_STATUSES: readonly InquiryStatus[] = ["won", "lost"];
export const isClosed = (status: InquiryStatus) => CLOSED_STATUSES.includes(status);

export const INQUIRY_STATUS_LABELS: Record<InquiryStatus, string> = {
  new: "New",
  contacted: "Contacted",
  quoted: "Quoted",
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
  /** The embedding site the frame's script reported: kept as an origin or dropped (siteOrigin), never an error. */
  site: z.string().optional(),
});
export type InquiryFormValues = z.infer<typeof inquiryFormSchema>;

export const PIPELINE_MESSAGES = {
  lostReasonRequired: "Say why it was lost",
  noteRequired: "Write a note first",
  ownerInvalid: "Choose a staff member",
  dateInvalid: "Enter a valid date",
  alreadyClient: "This inquiry is a client already.",
} as const;

/** Staff's follow-up: the stage (a reason when lost), the owner and the next action's date. */
export const inquiryFollowUpSchema = z
  .object({
    intent: z.literal("follow-up"),
    status: z.enum(INQUIRY_STATUSES, { message: "Choose a status" }),
    lostReason: optionalText(500),
    ownerId: z
      .string()
      .optional()
      .refine((value) => !value || isUuid(value), { message: PIPELINE_MESSAGES.ownerInvalid })
      .transform((value) => value || null),
    nextActionOn: z
      .string()
      .trim()
      .optional()
      .refine((value) => !value || z.iso.date().safeParse(value).success, { message: PIPELINE_MESSAGES.dateInvalid })
      .transform((value) => value || null),
    version,
  })
  .refine((values) => values.status !== "lost" || values.lostReason, {
    message: PIPELINE_MESSAGES.lostReasonRequired,
    path: ["lostReason"],
  });
export type InquiryFollowUp = z.output<typeof inquiryFollowUpSchema>;

/** A note added to the timeline (never edited afterwards). */
export const inquiryNoteSchema = z.object({
  intent: z.literal("note"),
  note: z
    .string({ message: PIPELINE_MESSAGES.noteRequired })
    .trim()
    .min(1, PIPELINE_MESSAGES.noteRequired)
    .max(10_000, "Must be at most 10000 characters")
    .refine(hasNoNul, NO_NUL),
});

/** Won: the inquiry becomes a client and its contact, in one step. */
export const inquiryWonSchema = z.object({ intent: z.literal("won-client") });

export const inquiryListQuerySchema = z.object({
  q: z.string().trim().max(200).catch(""),
  status: z.enum(INQUIRY_STATUSES).or(z.literal("")).catch(""),
});
export type InquiryListQuery = Partial<z.output<typeof inquiryListQuerySchema>>;
