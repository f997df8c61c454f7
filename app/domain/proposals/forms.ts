// The admin's proposal forms and the list's filters (zod, shared with the
// browser): statuses and their labels, the list's query, creating a
// proposal, sending, withdrawing, templates.
import { z } from "zod";
import { optionalText, requiredName, version } from "~/lib/form-values";
import { PROPOSAL_STATUSES, type ProposalStatus } from "~/tables/proposals";

export { PROPOSAL_STATUSES, type ProposalStatus };

export const PROPOSAL_STATUS_LABELS: Record<ProposalStatus, string> = {
  draft: "Draft",
  sent: "Sent",
  viewed: "Viewed",
  accepted: "Accepted",
  declined: "Declined",
  changes_requested: "Changes requested",
  expired: "Expired",
  withdrawn: "Withdrawn",
};

export const proposalListQuerySchema = z.object({
  q: z.string().trim().max(200).catch(""),
  status: z.enum(PROPOSAL_STATUSES).or(z.literal("")).catch(""),
  clientId: z.uuid().or(z.literal("")).catch(""),
});

export type ProposalListQuery = z.output<typeof proposalListQuerySchema>;

const optionalDate = z
  .string()
  .trim()
  .optional()
  .refine((value) => !value || /^\d{4}-\d{2}-\d{2}$/.test(value), "Enter a date")
  .transform((value) => (value ? value : null));

/** One of a list's ids, or none. */
export const optionalId = z
  .string()
  .trim()
  .optional()
  .refine((value) => !value || z.uuid().safeParse(value).success, "Choose one from the list")
  .transform((value) => (value ? value : null));

export const newProposalSchema = z.object({
  clientId: z.uuid({ message: "Client is required" }),
  title: requiredName(200, "Title is required"),
  projectId: optionalId,
  inquiryId: optionalId,
  templateId: optionalId,
  validUntil: optionalDate,
});

export const proposalHeadSchema = z.object({
  title: requiredName(200, "Title is required"),
  validUntil: optionalDate,
  projectId: optionalId,
  introduction: optionalText(10_000),
  terms: optionalText(20_000),
  version,
});

export const sendProposalSchema = z.object({
  intent: z.literal("send"),
  version,
  contactIds: z.array(z.uuid()).default([]),
});

export const withdrawProposalSchema = z.object({ intent: z.literal("withdraw"), version });

export const saveAsTemplateSchema = z.object({
  intent: z.literal("save-template"),
  versionId: z.uuid(),
  name: requiredName(100, "Template name is required"),
});

export const templateFormSchema = z.object({
  name: requiredName(100, "Template name is required"),
  introduction: optionalText(10_000),
  terms: optionalText(20_000),
  version,
});
