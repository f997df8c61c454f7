import { z } from "zod";
import { version } from "~/lib/form-values";
import { industryTypes } from "~/tables/clients";
import { type FieldValues, formFields, text } from "../form-fields";

/** The industry type's columns the dialog writes. */
export const INDUSTRY_TYPE_FIELDS = formFields(industryTypes, {
  name: text(100, "Name is required"),
  description: text(500),
});

export const industryTypeFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), ...INDUSTRY_TYPE_FIELDS }),
  z.object({ intent: z.literal("update"), id: z.uuid(), version, ...INDUSTRY_TYPE_FIELDS }),
  z.object({ intent: z.literal("delete"), id: z.uuid() }),
]);

export type IndustryTypeInput = FieldValues<typeof INDUSTRY_TYPE_FIELDS>;
