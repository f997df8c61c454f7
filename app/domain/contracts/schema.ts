// Contracts in the browser and on the server: statuses and their badge
// colours, the form (zod, one schema for both sides) and the list's URL state.
import { z } from "zod";
import { optionalText, version } from "~/lib/form-values";

/** Every status a contract can have; signing through the client portal adds viewed, declined, voided and expired. */
export const CONTRACT_STATUSES = ["draft", "sent", "viewed", "signed", "declined", "voided", "expired"] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

/** The statuses staff set by hand on the form (a contract signed on paper, say). */
export const FORM_STATUSES = ["draft", "sent", "signed"] as const;
export type FormStatus = (typeof FORM_STATUSES)[number];

/** Out for signature in the portal: the client may still view, sign or decline it. */
export const AWAITING_SIGNATURE: readonly ContractStatus[] = ["sent", "viewed"];

export const CONTRACT_STATUS_LABELS: Record<ContractStatus, string> = {
  draft: "Draft",
  sent: "Sent",
  viewed: "Viewed",
  signed: "Signed",
  declined: "Declined",
  voided: "Voided",
  expired: "Expired",
};

type BadgeVariant = "secondary" | "info" | "success" | "destructive" | "outline" | "warning";

/**
 * The spec's colours: draft grey, sent blue, signed green, anything else grey;
 * extended: viewed blue (still waiting), declined red, voided grey outline,
 * expired amber.
 */
export function contractStatusBadgeVariant(status: string): BadgeVariant {
  if (status === "sent" || status === "viewed") return "info";
  if (status === "signed") return "success";
  if (status === "declined") return "destructive";
  if (status === "voided") return "outline";
  if (status === "expired") return "warning";
  return "secondary";
}

/** What a status is called on screen; an unknown one is shown as it is stored. */
export function contractStatusLabel(status: string): string {
  return Object.hasOwn(CONTRACT_STATUS_LABELS, status) ? CONTRACT_STATUS_LABELS[status as ContractStatus] : status;
}

export const MESSAGES = {
  projectRequired: "Project is required",
  signedNeedsDate: "A signed contract needs the date it was signed",
  signedBeforeSent: "The date signed cannot be before the date sent",
  invalidDate: "Enter a valid date",
} as const;

/** Why a signed contract is not moved back without a confirmation. */
export function confirmUnsignMessage(status: FormStatus): string {
  return `This contract is signed. Confirm to move it back to ${status}.`;
}

/**
 * The date rules the form can check on its own (the server checks them again):
 * a signed contract has a date signed, and it is not before the date sent.
 * Dates are "YYYY-MM-DD", so comparing the strings compares the days.
 */
export function contractDateProblem(values: {
  status: string;
  dateSent: string | null;
  dateSigned: string | null;
}): string | null {
  if (values.status === "signed" && !values.dateSigned) return MESSAGES.signedNeedsDate;
  if (values.dateSent && values.dateSigned && values.dateSigned < values.dateSent) return MESSAGES.signedBeforeSent;
  return null;
}

const isoDate = z.iso.date();

const optionalDate = z
  .string()
  .trim()
  .optional()
  .refine((value) => !value || isoDate.safeParse(value).success, { message: MESSAGES.invalidDate })
  .transform((value) => (value ? value : null));

/** The contract form (create and edit share it; edit adds the version). */
export const contractFormSchema = z
  .object({
    projectId: z.uuid({ message: MESSAGES.projectRequired }),
    // A status of the portal's signing (declined, voided…) may come back unchanged; the server refuses choosing one.
    status: z.enum(CONTRACT_STATUSES, { message: "Choose draft, sent or signed" }).default("draft"),
    dateSent: optionalDate,
    dateSigned: optionalDate,
    title: optionalText(200),
    notes: optionalText(5000),
    /** A document uploaded with this form, to attach on save. */
    documentUploadId: z.uuid().optional(),
    /** Set when the saved document was removed in the form. */
    removeDocument: z.literal("on").optional(),
    /** Set when the person confirmed moving a signed contract back. */
    confirmUnsign: z.literal("on").optional(),
    version: version.optional(),
  })
  .superRefine((values, context) => {
    const problem = contractDateProblem(values);
    if (problem) context.addIssue({ code: "custom", path: ["dateSigned"], message: problem });
  });

export type ContractFormValues = z.output<typeof contractFormSchema>;

export const contractListQuerySchema = z.object({
  q: z.string().trim().max(200).catch(""),
  status: z.enum(CONTRACT_STATUSES).or(z.literal("")).catch(""),
});

export type ContractListQuery = z.output<typeof contractListQuerySchema>;
