// The portal's answers to a proposal (browser and server): accept with the
// contracts' typed name and drawn signature, decline with a reason, or ask for
// changes; and the staff's reply in the changes thread.
import { z } from "zod";
import { declineFormSchema, signFormSchema } from "../contracts/signing/schema";
import { MAX_LINES } from "../proposals/schema";
import { ACCEPTANCE_MESSAGES } from "./consent";

export const acceptFormSchema = z.object({
  intent: z.literal("accept"),
  consent: z.literal("on", { message: ACCEPTANCE_MESSAGES.consent }),
  fullName: signFormSchema.shape.fullName,
  signature: signFormSchema.shape.signature,
  /** The optional lines ticked: ids of the version's lines. */
  chosen: z
    .array(z.uuid({ message: ACCEPTANCE_MESSAGES.unknownOption }))
    .max(MAX_LINES)
    .default([]),
  /** The version the page showed: accepting never reaches a version the buyer did not read. */
  versionSha256: z
    .string({ message: "Reload the page to read the latest version." })
    .regex(/^[0-9a-f]{64}$/, "Reload the page to read the latest version."),
  /** The total the page showed (minor units): the server prices the choice again and compares. */
  expectedTotal: z
    .string({ message: ACCEPTANCE_MESSAGES.totalChanged })
    .regex(/^\d{1,16}$/, ACCEPTANCE_MESSAGES.totalChanged)
    .transform(Number),
});

export const changesFormSchema = z.object({
  intent: z.literal("changes"),
  comment: z
    .string({ message: ACCEPTANCE_MESSAGES.changes })
    .trim()
    .min(3, ACCEPTANCE_MESSAGES.changes)
    .max(4000, "Keep it under 4,000 characters"),
});

export { declineFormSchema };

export const portalProposalActionSchema = z.discriminatedUnion("intent", [
  acceptFormSchema,
  declineFormSchema,
  changesFormSchema,
]);

export const staffReplySchema = z.object({
  intent: z.literal("reply"),
  body: z
    .string({ message: "Write your answer (at least 3 characters)" })
    .trim()
    .min(3, "Write your answer (at least 3 characters)")
    .max(4000, "Keep it under 4,000 characters"),
});
