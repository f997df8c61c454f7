// The buyer's three answers to a proposal in the portal (browser and server):
// accept (the contract signing form's typed name and drawn signature, the
// acceptance's own consent, the options ticked and the version and total they
// saw), decline with a reason, or ask for changes with a comment.
import { z } from "zod";
import { declineFormSchema, signFormSchema } from "../contracts/signing/schema";
import { ACCEPTANCE_MESSAGES } from "./consent";

/** What the buyer saw when they answered: the version's number (and for an acceptance, its total). */
const seenVersion = z.coerce.number({ message: ACCEPTANCE_MESSAGES.seen }).int().positive(ACCEPTANCE_MESSAGES.seen);

export const acceptFormSchema = signFormSchema.extend({
  intent: z.literal("accept"),
  consent: z.literal("on", { message: ACCEPTANCE_MESSAGES.consent }),
  /** The optional lines ticked (none is a valid choice): the lines' own checkboxes, in this form. */
  options: z.array(z.string().trim().min(1).max(100)).max(500).default([]),
  seenVersion,
  seenTotal: z.coerce.number({ message: ACCEPTANCE_MESSAGES.seen }).int().nonnegative(ACCEPTANCE_MESSAGES.seen),
});

export const declineProposalSchema = declineFormSchema.extend({
  reason: z.string({ message: ACCEPTANCE_MESSAGES.reason }).trim().min(3, ACCEPTANCE_MESSAGES.reason).max(2000),
  seenVersion,
});

export const requestChangesSchema = z.object({
  intent: z.literal("changes"),
  comment: z.string({ message: ACCEPTANCE_MESSAGES.changes }).trim().min(3, ACCEPTANCE_MESSAGES.changes).max(5000),
  seenVersion,
});

export const proposalAnswerSchema = z.discriminatedUnion("intent", [
  acceptFormSchema,
  declineProposalSchema,
  requestChangesSchema,
]);
