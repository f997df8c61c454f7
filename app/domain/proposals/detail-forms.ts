// The proposal page's own forms beside forms.ts's send, withdraw and save as
// template (zod, shared with the browser): deleting a draft and replying in
// the changes thread.
import { z } from "zod";
import { requiredName } from "~/lib/form-values";

export const deleteProposalSchema = z.object({ intent: z.literal("delete") });

/** The templates list's Delete. */
export const deleteTemplateSchema = z.object({ intent: z.literal("delete"), id: z.uuid() });

export const replySchema = z.object({
  intent: z.literal("reply"),
  body: requiredName(5000, "Write a reply"),
});
