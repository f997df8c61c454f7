import { z } from "zod";
import { optionalText, requiredName, version } from "~/lib/form-values";

export const industryTypeFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("create"),
    name: requiredName(),
    description: optionalText(500),
  }),
  z.object({
    intent: z.literal("update"),
    id: z.uuid(),
    version,
    name: requiredName(),
    description: optionalText(500),
  }),
  z.object({ intent: z.literal("delete"), id: z.uuid() }),
]);

export type IndustryTypeInput = { name: string; description: string | null };
