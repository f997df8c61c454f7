// Contracts in the browser and on the server: statuses and their badge
// colours, the form (zod, one schema for both sides) and the list's URL state.
import { z } from "zod";
import { optionalText, version } from "~/lib/form-values";

export const CONTRACT_STATUSES = ["draft", "sent", "signed"] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

export const CONTRACT_STATUS_LABELS: Record<ContractStatus, string> = {
  draft: "Draft",
  sent: "Sent",
  signed: "Signed",
};

/** The spec's colours: draft grey, sent blue, signed green, anything else grey. */
export function contractStatusBadgeVariant(status: string): "secondary" | "info" | "success" {
  if (status === "sent") return "info";
  if (status === "signed") return "success";
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
export function confirmUnsignMessage(status: ContractStatus): string {
  return `This contract is signed. Confirm to move it back to ${status}.`;
}

interface Dates {
  status: ContractStatus;
  dateSent: string | null;
  dateSigned: string | null;
}

/**
 * The date rules the form can check on its own (the server checks them again):
 * a signed contract has a date signed, and it is not before the date sent.
 * Dates are "YYYY-MM-DD", so comparing the strings compares the days.
 */
export function contractDateProblem(values: Dates): string | null {
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
