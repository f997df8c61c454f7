import { z } from "zod";
import { optionalText, requiredName, version } from "~/lib/form-values";

const fields = {
  optionName: requiredName(100),
  /** Empty is saved as the spec's default category. */
  optionCategory: optionalText(100).transform((value) => value ?? "General"),
  description: optionalText(1000),
  imageUploadId: z.uuid().optional(),
  removeImage: z.literal("on").optional(),
};

export const optionFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), ...fields }),
  z.object({ intent: z.literal("update"), id: z.uuid(), version, ...fields }),
  z.object({ intent: z.literal("delete"), id: z.uuid() }),
]);

export type OptionValues = {
  optionName: string;
  optionCategory: string;
  description: string | null;
  imageUploadId?: string;
  removeImage?: "on";
};
