import { z } from "zod";
import { version } from "~/lib/form-values";
import { playgroundOptions } from "~/tables/projects";
import { type FieldValues, formFields, text } from "../form-fields";

/** The option's columns the dialog writes, read as their types say unless given here. */
export const OPTION_FIELDS = formFields(playgroundOptions, {
  optionName: text(100, "Name is required"),
  /** Empty is saved as the spec's default category. */
  optionCategory: (column: z.ZodString) => text(100)(column).transform((value) => value || "General"),
  description: text(1000),
});

const fields = {
  ...OPTION_FIELDS,
  imageUploadId: z.uuid().optional(),
  removeImage: z.literal("on").optional(),
};

export const optionFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), ...fields }),
  z.object({ intent: z.literal("update"), id: z.uuid(), version, ...fields }),
  z.object({ intent: z.literal("delete"), id: z.uuid() }),
]);

export type OptionValues = FieldValues<typeof OPTION_FIELDS> & {
  imageUploadId?: string;
  removeImage?: "on";
};
