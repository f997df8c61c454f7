// What the activity list's URL and the history's buttons may carry (shared
// with the browser: the filter form is built from the same kinds).
import { z } from "zod";
import { RECORD_KINDS, type RecordKind } from "./kinds";

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)));

export const activityQuerySchema = z.object({
  person: z.uuid().or(z.literal("")).catch(""),
  kind: z
    .enum(Object.keys(RECORD_KINDS) as [RecordKind, ...RecordKind[]])
    .or(z.literal(""))
    .catch(""),
  from: day.or(z.literal("")).catch(""),
  to: day.or(z.literal("")).catch(""),
  deleted: z.literal("1").or(z.literal("")).catch(""),
});
export type ActivityQuery = z.output<typeof activityQuerySchema>;

export const HISTORY_INTENTS = ["revert", "restore", "undo-import"] as const;

export const historyActionSchema = z.object({
  intent: z.enum(HISTORY_INTENTS),
  key: z.string().min(1).max(300),
});
